import jax


def reduce_scatter_grads(grads, axis_name='data'):
  n = jax.lax.axis_size(axis_name)
  return jax.tree.map(
      lambda g: jax.lax.psum_scatter(g, axis_name, scatter_dimension=0, tiled=True) / n,
      grads)


def local_slice(params, axis_name='data'):
  n = jax.lax.axis_size(axis_name)
  i = jax.lax.axis_index(axis_name)
  return jax.tree.map(
      lambda p: jax.lax.dynamic_slice_in_dim(p, i * (p.shape[0] // n), p.shape[0] // n),
      params)


def all_gather_params(shards, axis_name='data'):
  return jax.tree.map(lambda p: jax.lax.all_gather(p, axis_name, axis=0, tiled=True), shards)
