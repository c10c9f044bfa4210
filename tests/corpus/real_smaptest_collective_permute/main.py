"""JAX's tests/shard_map_test.py (JAX 0.10.2): ShardMapTest.test_collective_permute.

The test's body as a plain function, called the way its parameterization calls it (the absltest
class, its device skips and absl flag parsing dropped; `jtu.create_mesh(shape, names)` written as
the `jax.make_mesh(shape, names, axis_types=(Auto,) * n)` it makes); the jitted function is lowered
for CUDA (`.trace(...).lower(lowering_platforms=("cuda",))`) instead of run, and its result
checks are gone.

Fitted to 4 devices.
"""
from functools import partial

import numpy as np

import jax
from jax import lax
from jax.sharding import Mesh, NamedSharding
from jax.sharding import PartitionSpec as P
from jax._src.shard_map import shard_map
import jax.numpy as jnp


def test_collective_permute():
  mesh = jax.make_mesh((4,), ('x',), axis_types=(jax.sharding.AxisType.Auto,) * 1)
  a = jax.device_put(
      jnp.arange(8 * 8).reshape((8, 8)),
      jax.sharding.NamedSharding(mesh, P('x', None)))

  @jax.jit
  @partial(
      shard_map, mesh=mesh, in_specs=(P('x', None),), out_specs=P('x', None)
  )
  def fwd(a):
    axis_size = lax.axis_size('x')
    perm = [(j, (j + 1) % axis_size) for j in range(axis_size)]
    return lax.ppermute(a, 'x', perm=perm)

  fwd.trace(a).lower(lowering_platforms=("cuda",))


test_collective_permute()
