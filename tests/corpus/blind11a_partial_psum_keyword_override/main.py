import functools

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

tp_reduce = functools.partial(lax.psum, axis_name='tensor')


class RowParallelOut(nnx.Module):

  def __init__(self, d_local, d_model, axis, *, rngs):
    self.axis = axis
    self.proj = nnx.Linear(d_local, d_model, use_bias=False, rngs=rngs)

  def __call__(self, x):
    return tp_reduce(self.proj(x), axis_name=self.axis)


def main():
  mesh = Mesh(np.array(jax.devices()), ('model',))
  layer = RowParallelOut(16, 64, 'model', rngs=nnx.Rngs(0))

  @nnx.jit
  def fwd(layer, x):
    return nnx.shard_map(lambda l, x: l(x), mesh=mesh, in_specs=(P(), P()),
                         out_specs=P())(layer, x)

  fwd.trace(layer, jnp.ones((4, 16))).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
