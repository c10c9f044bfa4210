import functools

import jax
from jax.sharding import PartitionSpec as P


def per_stage(mesh, axis):
  """Run `fn(stage_params, x)` per device, the leading (stage) dim spread over `axis`."""

  def deco(fn):
    mapped = jax.shard_map(fn, mesh=mesh, in_specs=(P(axis), P(axis)), out_specs=P(axis))

    @functools.wraps(fn)
    def wrapped(params, x):
      return mapped(params, x)

    return wrapped

  return deco
