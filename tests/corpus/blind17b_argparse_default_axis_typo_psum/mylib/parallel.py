import jax
from jax import lax


def allreduce_grads(grads, axis_name):
  n = lax.axis_size(axis_name)
  return jax.tree.map(lambda g: lax.psum(g, axis_name) / n, grads)
