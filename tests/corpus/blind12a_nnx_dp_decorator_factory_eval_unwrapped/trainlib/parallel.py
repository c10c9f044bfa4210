import functools

import jax
from jax import lax
from jax.sharding import PartitionSpec as P

DATA_AXIS = "data"


def data_parallel(mesh, *, axis=DATA_AXIS, n_batch_args=2):
  """Shard the trailing batch args over `axis`; replicate the leading state arg."""

  def decorator(fn):
    in_specs = (P(),) + (P(axis),) * n_batch_args
    return functools.wraps(fn)(
        jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=P()))

  return decorator


def global_mean(x, axis=DATA_AXIS):
  return lax.pmean(x, axis)
