"""Manual-partitioning helpers: which mesh axes shard_map takes over, and their specs."""
import jax
from jax.sharding import PartitionSpec as P

MANUAL_AXES = frozenset({"data"})


def restrict(spec: P, axes=MANUAL_AXES) -> P:
  """Drop the mesh axes that stay automatic (shard_map specs may only name manual axes)."""
  return P(*(a if a in axes else None for a in spec))


def manual_specs(tree):
  return jax.tree.map(restrict, tree, is_leaf=lambda s: isinstance(s, P))
