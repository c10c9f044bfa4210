"""JAX's tests/shard_map_test.py (JAX 0.10.2): ShardMapTest.test_axis_index_basic.

The test's body as a plain function, called the way its parameterization calls it (the absltest
class, its device skips and absl flag parsing dropped; `jtu.create_mesh(shape, names)` written as
the `jax.make_mesh(shape, names, axis_types=(Auto,) * n)` it makes); the jitted function is lowered
for CUDA (`.trace(...).lower(lowering_platforms=("cuda",))`) instead of run, and its result
checks are gone.

The un-jitted `shard_map` call is wrapped in `jax.jit` to lower it.
"""
from functools import partial

import numpy as np

import jax
from jax import lax
from jax.sharding import Mesh, NamedSharding
from jax.sharding import PartitionSpec as P
from jax._src.shard_map import shard_map
import jax.numpy as jnp


def test_axis_index_basic(jit):
  def foo():
    return jax.lax.axis_index('x')[None]

  if jit:
    foo = jax.jit(foo)

  mesh = jax.make_mesh((4,), ('x',), axis_types=(jax.sharding.AxisType.Auto,) * 1)
  jax.jit(shard_map(foo, mesh=mesh, in_specs=(), out_specs=P('x'))).trace().lower(lowering_platforms=("cuda",))


test_axis_index_basic(True)
