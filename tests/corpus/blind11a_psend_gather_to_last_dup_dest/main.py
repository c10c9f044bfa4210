import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

AXIS = 'pipe'


class Stage(nnx.Module):

  def __init__(self, rngs):
    self.lin = nnx.Linear(16, 16, rngs=rngs)

  def __call__(self, x):
    return nnx.relu(self.lin(x))


def collect_on_last(h, n):
  perm = [(i, n - 1) for i in range(n - 1)]
  tok = lax.psend(h, AXIS, perm)
  return lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), AXIS, perm)


def main():
  mesh = Mesh(np.array(jax.devices()), (AXIS,))
  n = mesh.shape[AXIS]
  stage = Stage(nnx.Rngs(0))

  @nnx.jit
  def run(stage, x):
    def body(stage, x):
      h = stage(x)
      return collect_on_last(h, n)
    return nnx.shard_map(body, mesh=mesh, in_specs=(P(), P()), out_specs=P(AXIS))(stage, x)

  x = jnp.ones((4, 16))
  run.trace(stage, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
