import flax.linen as nn
import jax.numpy as jnp


class Mlp(nn.Module):
  d_model: int
  d_ff: int

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(self.d_ff, use_bias=False, name="wi")(x)
    return nn.Dense(self.d_model, use_bias=False, name="wo")(nn.relu(h))


class Block(nn.Module):
  d_model: int
  d_ff: int

  @nn.compact
  def __call__(self, x, _):
    y = nn.RMSNorm(name="norm")(x)
    x = x + Mlp(self.d_model, self.d_ff, name="mlp")(y)
    return x, None


class Decoder(nn.Module):
  cfg: "ModelConfig"

  @nn.compact
  def __call__(self, x):
    cfg = self.cfg
    block = nn.remat(Block, prevent_cse=not cfg.scan_layers)
    if cfg.scan_layers:
      x, _ = nn.scan(block, variable_axes={"params": 0}, split_rngs={"params": True},
                     in_axes=nn.broadcast, length=cfg.num_layers)(
                         cfg.d_model, cfg.d_ff, name="layers")(x, None)
    else:
      for i in range(cfg.num_layers):
        x, _ = block(cfg.d_model, cfg.d_ff, name=f"layers_{i}")(x, None)
    return nn.Dense(cfg.d_model, use_bias=False, name="head")(x)
