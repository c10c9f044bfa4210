import jax
from jax import lax
from jax.sharding import PartitionSpec as P


def _scatterable(g, n):
  return g.ndim > 0 and g.shape[0] % n == 0


def reduce_scatter_grads(grads, axis_name):
  """ZeRO-2: every replica keeps 1/N of each averaged gradient (split on dim 0).

  Leaves whose leading dim does not split evenly (e.g. the 10-way head) are
  all-reduced instead and stay replicated.
  """
  n = lax.axis_size(axis_name)

  def rs(g):
    if _scatterable(g, n):
      return lax.psum_scatter(g, axis_name, scatter_dimension=0, tiled=True) / n
    return lax.pmean(g, axis_name)

  return jax.tree.map(rs, grads)


def grad_shard_specs(grads, axis_name, n):
  return jax.tree.map(lambda g: P(axis_name) if _scatterable(g, n) else P(), grads)
