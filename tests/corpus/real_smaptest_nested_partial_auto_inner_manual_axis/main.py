"""JAX's tests/shard_map_test.py (JAX 0.10.2): ShardMapTest.test_nested_partial_auto.

The test's body as a plain function, called the way its parameterization calls it (the absltest
class, its device skips and absl flag parsing dropped; `jtu.create_mesh(shape, names)` written as
the `jax.make_mesh(shape, names, axis_types=(Auto,) * n)` it makes); the jitted function is lowered
for CUDA (`.trace(...).lower(lowering_platforms=("cuda",))`) instead of run, and its result
checks are gone.

Mutation: the inner function sums over 'i', the outer `shard_map`'s manual axis.
"""
from functools import partial

import numpy as np

import jax
from jax import lax
from jax.sharding import Mesh, NamedSharding
from jax.sharding import PartitionSpec as P
from jax._src.shard_map import shard_map
import jax.numpy as jnp


def test_nested_partial_auto():
  mesh = jax.make_mesh((2, 2), ('i', 'j'), axis_types=(jax.sharding.AxisType.Auto,) * 2)
  v = jnp.arange(32.).reshape(4, 8)
  v = jax.device_put(v, jax.sharding.NamedSharding(mesh, P('i', 'j')))

  def g(x):
    return jax.lax.psum(x, 'i')

  def h(x):
    return shard_map(g, in_specs=P(None, 'j'), out_specs=P(None, 'j'))(x)

  @jax.jit
  def f(x):
    return shard_map(h, in_specs=P('i', None), out_specs=P('i', None),
                     check_vma=False, axis_names=frozenset({'i'}))(x)

  with jax.set_mesh(mesh):
    f.trace(v).lower(lowering_platforms=("cuda",))


test_nested_partial_auto()
