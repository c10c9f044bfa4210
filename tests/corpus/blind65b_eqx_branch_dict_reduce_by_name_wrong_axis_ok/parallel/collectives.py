from jax import lax


def all_reduce_tp(x, axes):
  """Sum the partial results of a row-parallel matmul over the tensor axis."""
  return lax.psum(x, axes.model)


def all_reduce_dp(x, axes):
  """Sum over the data-parallel replicas (gradient-style reduction)."""
  return lax.psum(x, axes.data)
