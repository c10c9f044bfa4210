import jax
from jax.sharding import NamedSharding, PartitionSpec as P


def tp_shardings(params, mesh, axis="model"):
  """Column-parallel: shard every Linear's output dimension."""
  def spec(x):
    if x.ndim == 2:      # weight: (out, in)
      return NamedSharding(mesh, P(axis, None))
    return NamedSharding(mesh, P(axis))   # bias: (out,)
  return jax.tree.map(spec, params)
