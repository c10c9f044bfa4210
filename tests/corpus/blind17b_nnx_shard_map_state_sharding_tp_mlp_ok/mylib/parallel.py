import jax
from flax import nnx
from jax.sharding import PartitionSpec as P


def path_ends_with(*path_suffix):
  return lambda path, value: path[-len(path_suffix):] == path_suffix


def make_tp_forward(mesh, axis='model', reduce_output=True):
  model_spec = nnx.StateSharding({
      path_ends_with('linear1', 'kernel'): P(None, axis),
      path_ends_with('linear2', 'kernel'): P(axis, None),
  })

  @nnx.shard_map(mesh=mesh, in_specs=(model_spec, P(None)), out_specs=P(None))
  def forward(m, x):
    y = m(x)
    if reduce_output:
      y = jax.lax.psum(y, axis)
    return y

  return forward
