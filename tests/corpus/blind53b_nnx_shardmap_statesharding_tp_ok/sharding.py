from flax import nnx
from jax.sharding import PartitionSpec as P


def path_ends_with(*path_suffix):  # custom filter
  return lambda path, value: path[-len(path_suffix):] == path_suffix


model_spec = nnx.StateSharding({
    path_ends_with('linear1', 'kernel'): P(None, 'model'),
    path_ends_with('linear2', 'kernel'): P('model', None),
})
