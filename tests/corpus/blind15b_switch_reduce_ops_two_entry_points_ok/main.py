import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

REDUCE_OPS = ('sum', 'mean', 'max')


def reduce_grads(op_index, grads, axis_name):
  branches = [
      functools.partial(jax.lax.psum, axis_name=axis_name),
      functools.partial(jax.lax.pmean, axis_name=axis_name),
      functools.partial(jax.lax.pmax, axis_name=axis_name),
  ]
  return jax.lax.switch(op_index, branches, grads)


def make_reducer(mesh, axis_name, spec):
  def local(op_index, grads):
    return reduce_grads(op_index, grads, axis_name)

  return jax.jit(jax.shard_map(local, mesh=mesh, in_specs=(P(), spec), out_specs=P()))


def main(op='mean'):
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
  reducer = make_reducer(mesh, 'data', P('data'))
  grads = {'w': jnp.ones((8, 16)), 'b': jnp.ones((8,))}
  reducer.trace(jnp.int32(REDUCE_OPS.index(op)), grads).lower(lowering_platforms=('cuda',))


def test_reduce_ops():
  mesh = Mesh(np.array(jax.devices()), ('replica',))
  reducer = make_reducer(mesh, 'replica', P('replica'))
  for op in REDUCE_OPS:
    idx = jnp.int32(REDUCE_OPS.index(op))
    reducer.trace(idx, jnp.ones((4, 3))).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
  test_reduce_ops()
