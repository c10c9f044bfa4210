import jax

DATA_AXIS = 'data'


def all_reduce_mean(tree):
  """Average gradients across data-parallel replicas."""
  return jax.tree.map(lambda g: jax.lax.pmean(g, axis_name=DATA_AXIS), tree)
