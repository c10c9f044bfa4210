import jax
from jax.sharding import PartitionSpec as P


def maybe_shard_map(fn, mesh, in_specs, out_specs):
  if mesh is None:
    return fn
  return jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs)


def data_specs(n_args):
  return (P(),) + (P('data'),) * n_args
