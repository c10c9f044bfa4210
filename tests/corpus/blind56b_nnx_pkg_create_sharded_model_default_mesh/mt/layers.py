import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from .config import ModelConfig

_init = nnx.initializers.lecun_normal()


class FeedForward(nnx.Module):

  def __init__(self, cfg: ModelConfig, *, rngs: nnx.Rngs):
    dp, tp = cfg.mesh.data_axis, cfg.mesh.tensor_axis
    self.act_spec = P(dp, None, tp)
    self.wi = nnx.Linear(
        cfg.d_model, cfg.d_ff, use_bias=False,
        kernel_init=nnx.with_partitioning(_init, (None, tp)), rngs=rngs)
    self.wo = nnx.Param(_init(rngs.params(), (cfg.d_ff, cfg.d_model)),
                        sharding_names=(tp, None))

  def __call__(self, x):
    h = jax.nn.gelu(self.wi(x))
    h = jax.lax.with_sharding_constraint(h, self.act_spec)
    return h @ self.wo[...]


class Block(nnx.Module):

  def __init__(self, cfg: ModelConfig, *, rngs: nnx.Rngs):
    self.norm = nnx.RMSNorm(cfg.d_model, rngs=rngs)
    self.ff = FeedForward(cfg, rngs=rngs)

  def __call__(self, x):
    return x + self.ff(self.norm(x))
