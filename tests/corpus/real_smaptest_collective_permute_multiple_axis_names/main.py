"""JAX's tests/shard_map_test.py (JAX 0.10.2): ShardMapTest.test_collective_permute_with_multiple_axis_names.

The test's body as a plain function, called the way its parameterization calls it (the absltest
class, its device skips and absl flag parsing dropped; `jtu.create_mesh(shape, names)` written as
the `jax.make_mesh(shape, names, axis_types=(Auto,) * n)` it makes); the jitted function is lowered
for CUDA (`.trace(...).lower(lowering_platforms=("cuda",))`) instead of run, and its result
checks are gone.

Fitted to 4 devices: mesh (1, 2, 2).
"""
from functools import partial

import numpy as np

import jax
from jax import lax
from jax.sharding import Mesh, NamedSharding
from jax.sharding import PartitionSpec as P
from jax._src.shard_map import shard_map
import jax.numpy as jnp


def test_collective_permute_with_multiple_axis_names():
  mesh = jax.make_mesh((1, 2, 2), ('x', 'y', 'z'), axis_types=(jax.sharding.AxisType.Auto,) * 3)
  a = jax.device_put(
      jnp.arange(8 * 8).reshape((4, 16)),
      jax.sharding.NamedSharding(mesh, P('x', ('y', 'z'))),
  )

  @jax.jit
  @partial(
      shard_map,
      mesh=mesh,
      in_specs=(P('x', ('y', 'z')),),
      out_specs=P('x', ('y', 'z')),
  )
  def fwd(a):
    xy_axis_size = lax.axis_size(('x', 'y'))
    yz_axis_size = lax.axis_size(('y', 'z'))
    xy_perm = [(j, (j + 1) % xy_axis_size) for j in range(xy_axis_size)]
    yz_perm = [(j, (j + 1) % yz_axis_size) for j in range(yz_axis_size)]
    return (
        lax.ppermute(a, ('x', 'y'), perm=xy_perm),
        lax.ppermute(a, ('y', 'z'), perm=yz_perm),
    )

  fwd.trace(a).lower(lowering_platforms=("cuda",))


test_collective_permute_with_multiple_axis_names()
