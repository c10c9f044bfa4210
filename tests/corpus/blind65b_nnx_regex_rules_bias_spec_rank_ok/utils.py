from jax.lax import psum as all_reduce


def tp_all_reduce(x, axis_name):
  return all_reduce(x, axis_name)
