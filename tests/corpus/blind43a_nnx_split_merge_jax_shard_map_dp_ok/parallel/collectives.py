import jax
from jax import lax

DATA_AXIS = 'data'


def all_reduce_mean(tree, axis_name=DATA_AXIS):
  return jax.tree.map(lambda g: lax.pmean(g, axis_name), tree)
