import jax
from jax import lax

DATA_AXIS = "data"


def all_reduce_sum(tree):
  return jax.tree.map(lambda x: lax.psum(x, DATA_AXIS), tree)


def all_reduce_mean(tree):
  return jax.tree.map(lambda x: lax.pmean(x, DATA_AXIS), tree)
