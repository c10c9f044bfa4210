import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import PartitionSpec as P


class RowParallelLinear(eqx.Module):
  weight: jax.Array

  def __init__(self, din, dout, key):
    self.weight = jr.normal(key, (din, dout)) / din ** 0.5

  def __call__(self, x):
    return jax.lax.psum(x @ self.weight, 'tp')


def apply(layer, x):
  return layer(x)


def test_row_parallel_lowers():
  mesh = jax.make_mesh((4,), ('tp',), axis_types=(jax.sharding.AxisType.Auto,))
  layer = RowParallelLinear(32, 8, jr.key(0))
  f = functools.partial(jax.shard_map, mesh=mesh, in_specs=(P('tp', None), P(None, 'tp')),
                        out_specs=P())(apply)
  lowered = jax.jit(f).trace(layer, jnp.ones((4, 32))).lower(lowering_platforms=('cuda',))
  assert 'all-reduce' in lowered.as_text() or 'all_reduce' in lowered.as_text()


if __name__ == '__main__':
  test_row_parallel_lowers()
  print('ok')
