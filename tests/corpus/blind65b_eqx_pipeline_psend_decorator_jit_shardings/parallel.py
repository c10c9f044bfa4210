import functools

import jax
from jax.sharding import NamedSharding, PartitionSpec as P


def per_stage(mesh, axis):
  """Run `fn(stage_params, x)` with the leading (stage) dim spread over `axis`."""
  sharding = NamedSharding(mesh, P(axis))

  def deco(fn):
    jitted = jax.jit(fn, in_shardings=(sharding, sharding), out_shardings=sharding)

    @functools.wraps(fn)
    def wrapped(params, x):
      return jitted(params, x)

    return wrapped

  return deco
