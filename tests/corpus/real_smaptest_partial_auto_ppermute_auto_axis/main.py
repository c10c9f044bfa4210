"""JAX's tests/shard_map_test.py (JAX 0.10.2): ShardMapTest.test_partial_auto_ppermute.

The test's body as a plain function, called the way its parameterization calls it (the absltest
class, its device skips and absl flag parsing dropped; `jtu.create_mesh(shape, names)` written as
the `jax.make_mesh(shape, names, axis_types=(Auto,) * n)` it makes); the jitted function is lowered
for CUDA (`.trace(...).lower(lowering_platforms=("cuda",))`) instead of run, and its result
checks are gone.

Fitted to 4 devices. Mutation: `ppermute` over 'j', which the partial-manual `shard_map` leaves automatic.
"""
from functools import partial

import numpy as np

import jax
from jax import lax
from jax.sharding import Mesh, NamedSharding
from jax.sharding import PartitionSpec as P
from jax._src.shard_map import shard_map
import jax.numpy as jnp


def test_partial_auto_ppermute():
  mesh = jax.make_mesh((2, 2), ('i', 'j'), axis_types=(jax.sharding.AxisType.Auto,) * 2)
  x = jnp.arange(8.)

  def g(x):
    x = jax.lax.with_sharding_constraint(x, NamedSharding(mesh, P('j')))
    return jax.lax.ppermute(x, 'j', [(0, 1), (1, 0)])

  @jax.jit
  def f(x):
    return shard_map(g,
                     mesh=mesh, in_specs=P('i'), out_specs=P('i'),
                     check_vma=False, axis_names=frozenset({'i'}))(x)

  f.trace(x).lower(lowering_platforms=("cuda",))


test_partial_auto_ppermute()
