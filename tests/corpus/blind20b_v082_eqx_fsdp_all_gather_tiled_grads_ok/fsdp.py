import jax
from jax import lax


def gather_params(sharded, axis):
  """Reassemble the full parameters from their leading-dim shards."""
  return jax.tree.map(lambda p: lax.all_gather(p, axis, axis=0, tiled=True), sharded)
