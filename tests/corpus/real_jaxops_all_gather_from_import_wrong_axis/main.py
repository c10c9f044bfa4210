"""A model function that gathers its features with JAX's shipped Pallas TPU all-gather through a
helper; the helper is called with axis "batch", which the mesh ("data",) lacks. Lowered for TPU."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental.pallas.ops.tpu.all_gather import all_gather as pallas_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",), axis_types=(jax.sharding.AxisType.Explicit,))


def gather_features(x, *, axis):
  return pallas_all_gather(x, mesh=mesh, axis_name=axis)


@jax.jit
def encode(params, x):
  full = gather_features(x, axis="batch")
  return jnp.tanh(full @ params)


params = jnp.ones((128, 128), jnp.float32)
x = jax.device_put(jnp.ones((4 * 128, 128), jnp.float32), NamedSharding(mesh, P("data")))
encode.trace(params, x).lower(lowering_platforms=("tpu",))
