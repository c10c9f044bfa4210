"""JAX's tests/shard_map_test.py (JAX 0.10.2): ShardMapTest.test_psend_precv_basic_two_gpus.

The test's body as a plain function, called the way its parameterization calls it (the absltest
class, its device skips and absl flag parsing dropped; `jtu.create_mesh(shape, names)` written as
the `jax.make_mesh(shape, names, axis_types=(Auto,) * n)` it makes); the jitted function is lowered
for CUDA (`.trace(...).lower(lowering_platforms=("cuda",))`) instead of run, and its result
checks are gone.

Variant: the send/receive pair as a method of a pipeline class whose axis is an attribute; the bound method is what goes through `shard_map`.
"""
from functools import partial

import numpy as np

import jax
from jax import lax
from jax.sharding import Mesh, NamedSharding
from jax.sharding import PartitionSpec as P
from jax._src.shard_map import shard_map
import jax.numpy as jnp


def test_psend_precv_basic_two_gpus():
  mesh = jax.make_mesh((2,), ('x',), axis_types=(jax.sharding.AxisType.Auto,) * 1)
  a = jax.device_put(
      jnp.arange(2 * 2, dtype=jnp.float32).reshape((2, 2)),
      jax.sharding.NamedSharding(mesh, P('x', None)))
  weights = jax.random.uniform(
      key=jax.random.key(0), shape=(2, 1), dtype=jnp.float32)

  class Pipeline:

    def __init__(self, mesh, axis_name='x'):
      self.mesh = mesh
      self.axis_name = axis_name

    def step(self, a):
      return_dtype_and_shape = jax.ShapeDtypeStruct.like(a)
      fwd_token = jax.lax.psend(a, self.axis_name, [(0, 1)])
      return jax.lax.precv(fwd_token, return_dtype_and_shape, self.axis_name, [(0, 1)])

  pipe = Pipeline(mesh)

  @jax.jit
  @partial(
      shard_map, mesh=mesh, in_specs=(P('x', None),), out_specs=P('x', None)
  )
  def fwd(a):
    return_dtype_and_shape = jax.ShapeDtypeStruct.like(a)
    fwd_token = jax.lax.psend(a, 'x', [(0, 1)])
    data = jax.lax.precv(
        fwd_token, return_dtype_and_shape, 'x', [(0, 1)])
    # Here we use an optimization barrier to enforce an arbitrary ordering of
    # operations. This makes sure the mat mul only happens after the recv is
    # complete.
    weights_, _ = (
        jax.lax.optimization_barrier(
            (weights, data)
        )
    )
    res = jnp.dot(weights_, data)

    # send the compute result back to the first device
    bwd_token = jax.lax.psend(
        res,
        axis_name='x',
        perm=[(1, 0)],
    )

    bwd_data = jax.lax.precv(
        bwd_token,
        out_shape=return_dtype_and_shape,
        axis_name='x',
        perm=[(1, 0)]
    )
    return bwd_data

  jax.jit(shard_map(pipe.step, mesh=mesh, in_specs=(P('x', None),), out_specs=P('x', None))).trace(a).lower(lowering_platforms=("cuda",))


test_psend_precv_basic_two_gpus()
