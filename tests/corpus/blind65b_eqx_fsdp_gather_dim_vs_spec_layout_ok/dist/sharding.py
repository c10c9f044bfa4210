import jax
from jax.sharding import PartitionSpec as P


def fsdp_specs(params, axis_name):
  """Shard every matrix on its output-feature dimension; keep vectors replicated."""

  def spec(leaf):
    if leaf.ndim == 2:
      return P(axis_name, None)
    return P()

  return jax.tree.map(spec, params)
