import jax
from jax import lax

# carried over from the old jax.pmap(axis_name='batch') training script
DATA_AXIS = 'batch'


def all_reduce_mean(tree, axis_name=DATA_AXIS):
  return jax.tree.map(lambda g: lax.pmean(g, axis_name), tree)
