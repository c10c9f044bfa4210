from jax import lax


def gather_seq(x, axis_name):
  return lax.all_gather(x, axis_name, axis=1, tiled=True)


def reduce_scatter_seq(x, axis_name):
  return lax.psum_scatter(x, axis_name, scatter_dimension=1, tiled=True)
