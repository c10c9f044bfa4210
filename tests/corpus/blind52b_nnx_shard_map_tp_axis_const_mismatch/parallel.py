from jax.sharding import PartitionSpec as P
from flax import nnx


def path_ends_with(*path_suffix):  # custom filter
  return lambda path, value: path[-len(path_suffix):] == path_suffix


model_spec = nnx.StateSharding({
    path_ends_with('linear1', 'kernel'): P(None, 'model'),
    path_ends_with('linear2', 'kernel'): P('model', None),
})


def make_forward(mesh):
  @nnx.shard_map(mesh=mesh, in_specs=(model_spec, P(None)), out_specs=P(None))
  def forward(m, x):
    return m(x)
  return forward
