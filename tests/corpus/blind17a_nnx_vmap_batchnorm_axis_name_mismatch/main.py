import jax
import jax.numpy as jnp
from flax import nnx


class Config:
  bn_axis = "batch"
  vmap_axis = "examples"


class Tower(nnx.Module):
  def __init__(self, cfg, rngs):
    self.dense = nnx.Linear(16, 32, rngs=rngs)
    self.bn = nnx.BatchNorm(32, axis_name=cfg.bn_axis, rngs=rngs)

  def __call__(self, x):
    return nnx.relu(self.bn(self.dense(x)))


cfg = Config()
tower = Tower(cfg, nnx.Rngs(3))


@nnx.jit
@nnx.vmap(in_axes=(None, 0), axis_name=cfg.vmap_axis)
def apply_each(m, x):
  return m(x)


x = jnp.ones((8, 4, 16))
apply_each.trace(tower, x).lower(lowering_platforms=("cuda",))
