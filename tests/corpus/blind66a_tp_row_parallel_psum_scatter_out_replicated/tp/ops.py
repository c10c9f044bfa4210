from jax.lax import all_gather, psum_scatter

from .specs import MODEL


def all_gather_tokens(x, axis_name=MODEL):
  return all_gather(x, axis_name, axis=0, tiled=True)


def reduce_scatter_tokens(x, axis_name=MODEL):
  return psum_scatter(x, axis_name, scatter_dimension=0, tiled=True)
