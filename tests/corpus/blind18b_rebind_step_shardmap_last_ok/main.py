import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

N = 4


class Stage(nnx.Module):
  def __init__(self, rngs):
    self.proj = nnx.Linear(32, 32, rngs=rngs)

  def __call__(self, x):
    return nnx.relu(self.proj(x))


stage = Stage(nnx.Rngs(0))
gdef, params = nnx.split(stage)


def step(params, x):
  m = nnx.merge(gdef, params)
  pairs = [(i, i + 1) for i in range(N - 1)]
  h = x
  for _ in range(N - 1):
    y = m(h)
    h = jax.lax.precv(jax.lax.psend(y, 'stage', pairs), jax.ShapeDtypeStruct(y.shape, y.dtype),
                      'stage', pairs)
  return m(h)


single = nnx.jit(step)
mesh = Mesh(np.array(jax.devices()), ('stage',))
step = jax.jit(jax.shard_map(step, mesh=mesh, in_specs=(P(), P('stage')),
                             out_specs=P('stage'), check_vma=False))
step.trace(params, jnp.ones((8, 32))).lower(lowering_platforms=('cuda',))
