import flax.linen as nn
import jax.numpy as jnp

kinit = nn.initializers.normal(0.02)


class Block(nn.Module):
  d_model: int
  d_ff: int

  @nn.compact
  def __call__(self, x):
    h = nn.LayerNorm()(x)
    h = nn.Dense(self.d_ff, kernel_init=nn.with_logical_partitioning(kinit, ("embed", "mlp")))(h)
    h = nn.Dense(self.d_model,
                 kernel_init=nn.with_logical_partitioning(kinit, ("mlp", "embed")))(nn.gelu(h))
    return x + h


class GPT(nn.Module):
  vocab_size: int
  d_model: int
  d_ff: int
  num_layers: int

  @nn.compact
  def __call__(self, tokens):
    wte = nn.Embed(self.vocab_size, self.d_model,
                   embedding_init=nn.with_logical_partitioning(kinit, ("vocab", "embed")))
    x = wte(tokens)
    for _ in range(self.num_layers):
      x = Block(self.d_model, self.d_ff)(x)
    return wte.attend(nn.LayerNorm()(x))


def create(cfg):
  return GPT(vocab_size=cfg.vocab_size, d_model=cfg.d_model, d_ff=cfg.d_ff,
             num_layers=cfg.num_layers)
