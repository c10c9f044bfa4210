import jax
from jax import lax as L

DATA_AXIS = 'data'


def allreduce_mean(tree):
  return jax.tree.map(lambda g: L.pmean(g, DATA_AXIS), tree)
