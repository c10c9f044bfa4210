"""Thin wrappers over the collectives that the tensor-parallel layers use."""
from jax import lax


def reduce_from_tensor_parallel(x, axis_name):
  """Sums the partial products of a row-parallel matmul over the tensor-parallel group."""
  return lax.psum(x, axis_name)


def tensor_parallel_rank(axis_name):
  return lax.axis_index(axis_name)
