import jax
from jax import lax
from jax.sharding import PartitionSpec as P


def make_data_parallel(mesh):
  batch_spec = P(mesh.axis_names)
  axes = ("replica", "data")  # reduce over every data-parallel axis

  def all_reduce_mean(tree):
    count = lax.psum(1, axes)
    return jax.tree.map(lambda g: lax.psum(g, axes) / count, tree)

  def wrap(fn, n_replicated):
    in_specs = (P(),) * n_replicated + (batch_spec, batch_spec)
    return jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=P())

  return wrap, all_reduce_mean
