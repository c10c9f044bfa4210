import functools

import jax
from jax.sharding import PartitionSpec as P


def sequence_parallel(mesh, *, batch_axis, seq_axis):
  """Decorator: run `fn(q, k, v)` per shard with q/k/v split over batch and sequence."""
  spec = P(batch_axis, seq_axis, None, None)

  def wrap(fn):
    @functools.wraps(fn)
    def inner(q, k, v):
      return jax.shard_map(functools.partial(fn, axis_name=seq_axis), mesh=mesh,
                           in_specs=(spec, spec, spec), out_specs=spec)(q, k, v)
    return inner

  return wrap
