import jax
import jax.numpy as jnp
from flax import nnx

from parallel import ops

_REGISTRY = {}


def register(name):
  def deco(cls):
    _REGISTRY[name] = cls
    return cls
  return deco


def build_model(cfg, *, seed=0):
  return _REGISTRY[cfg.name](cfg, rngs=nnx.Rngs(seed))


class ColumnParallelLinear(nnx.Module):

  def __init__(self, d_in, d_out, cfg, *, rngs):
    self.cfg = cfg
    self.kernel = nnx.Param(nnx.initializers.lecun_normal()(rngs.params(), (d_in, d_out)))
    self.bias = nnx.Param(jnp.zeros((d_out,)))

  def __call__(self, x):
    x = ops.copy_to_tp_region(x, self.cfg.tp_axis)
    return x @ self.kernel[...] + self.bias[...]


class RowParallelLinear(nnx.Module):

  def __init__(self, d_in, d_out, cfg, *, rngs):
    self.cfg = cfg
    self.kernel = nnx.Param(nnx.initializers.lecun_normal()(rngs.params(), (d_in, d_out)))
    self.bias = nnx.Param(jnp.zeros((d_out,)))

  def __call__(self, x):
    y = ops.reduce_from_tp_region(x @ self.kernel[...], self.cfg.tp_axis)
    return y + self.bias[...]


class TPBlock(nnx.Module):

  def __init__(self, cfg, *, rngs):
    self.norm = nnx.LayerNorm(cfg.d_model, rngs=rngs)
    self.up = ColumnParallelLinear(cfg.d_model, cfg.d_ff, cfg, rngs=rngs)
    self.down = RowParallelLinear(cfg.d_ff, cfg.d_model, cfg, rngs=rngs)

  def __call__(self, x):
    return x + self.down(jax.nn.gelu(self.up(self.norm(x))))


@register("tp_mlp")
class TPMLP(nnx.Module):

  def __init__(self, cfg, *, rngs):
    self.blocks = nnx.List([TPBlock(cfg, rngs=rngs) for _ in range(cfg.num_layers)])

  def __call__(self, x):
    for block in self.blocks:
      x = block(x)
    return x
