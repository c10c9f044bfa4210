import functools

import jax
from jax.sharding import PartitionSpec as P

from parallel.specs import batch_spec


def data_parallel(mesh, cfg):
  """Replicates the first argument (params) and splits every leaf of the second (batch)."""

  def decorator(fn):

    @functools.wraps(fn)
    def wrapper(params, batch):
      in_specs = (P(), jax.tree.map(lambda _: batch_spec(cfg), batch))
      mapped = jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=P())
      return mapped(params, batch)

    return jax.jit(wrapper)

  return decorator
