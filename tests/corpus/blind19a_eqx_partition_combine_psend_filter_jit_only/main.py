import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

PERM = [(0, 1), (1, 2), (2, 3)]


class Stage(eqx.Module):
  lin: eqx.nn.Linear
  norm: eqx.nn.LayerNorm

  def __call__(self, x):
    return self.norm(jax.nn.relu(self.lin(x)))


def hand_off(y):
  tok = lax.psend(y, 'pipe', PERM)
  return lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), 'pipe', PERM)


@eqx.filter_jit
def step(params, static, xs):
  stage = eqx.combine(params, static)
  return hand_off(jax.vmap(stage)(xs))


mesh = Mesh(np.array(jax.devices()), ('pipe',))
stage = Stage(eqx.nn.Linear(16, 16, key=jax.random.key(0)), eqx.nn.LayerNorm(16))
params, static = eqx.partition(stage, eqx.is_array)
params = jax.device_put(params, NamedSharding(mesh, P()))
jax.jit(lambda p, xs: step(p, static, xs)).trace(params, jnp.ones((8, 16))).lower(
    lowering_platforms=('cuda',))
