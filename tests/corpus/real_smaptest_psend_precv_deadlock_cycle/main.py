"""JAX's tests/shard_map_test.py (JAX 0.10.2): ShardMapTest.test_psend_precv_basic_with_deadlock_cycle.

The test's body as a plain function, called the way its parameterization calls it (the absltest
class, its device skips and absl flag parsing dropped; `jtu.create_mesh(shape, names)` written as
the `jax.make_mesh(shape, names, axis_types=(Auto,) * n)` it makes); the jitted function is lowered
for CUDA (`.trace(...).lower(lowering_platforms=("cuda",))`) instead of run, and its result
checks are gone.

The test expects a run-time error from the GPU runtime; lowering is what is measured here.
"""
from functools import partial

import numpy as np

import jax
from jax import lax
from jax.sharding import Mesh, NamedSharding
from jax.sharding import PartitionSpec as P
from jax._src.shard_map import shard_map
import jax.numpy as jnp


def test_psend_precv_basic_with_deadlock_cycle():
  mesh = jax.make_mesh((2,), ('x',), axis_types=(jax.sharding.AxisType.Auto,) * 1)
  a = jax.device_put(
      jnp.arange(2 * 2, dtype=jnp.float32).reshape((2, 2)),
      jax.sharding.NamedSharding(mesh, P('x', None)),
  )

  @jax.jit
  @partial(
      jax.shard_map,
      mesh=mesh,
      in_specs=P('x', None),
      out_specs=P('x', None),
  )
  def fwd(a):
    return_dtype_and_shape = jax.ShapeDtypeStruct.like(a)
    fwd_token = jax.lax.psend(
        a,
        axis_name='x',
        perm=[(0, 1), (1, 0)],
    )

    data = jax.lax.precv(
        fwd_token,
        out_shape=return_dtype_and_shape,
        axis_name='x',
        perm=[(0, 1), (1, 0)],
    )
    return data
  expected_error_message = (
      'Expected send and recv instructions to have non-cyclical'
      ' source-target pairs'
  )
  fwd.trace(a).lower(lowering_platforms=("cuda",))


test_psend_precv_basic_with_deadlock_cycle()
