import jax
from jax import lax
from jax.sharding import PartitionSpec as P


def reduce_scatter_grads(grads, axis_name):
  """ZeRO-2: every replica keeps 1/N of each averaged gradient (split on dim 0)."""
  n = lax.axis_size(axis_name)

  def rs(g):
    return lax.psum_scatter(g, axis_name, scatter_dimension=0, tiled=True) / n

  return jax.tree.map(rs, grads)


def grad_shard_specs(grads, axis_name):
  return jax.tree.map(lambda g: P(axis_name), grads)
