from jax.sharding import PartitionSpec as P
from flax import nnx


def path_ends_with(*suffix):
  return lambda path, value: path[-len(suffix):] == suffix


def mlp_state_sharding(axis='model'):
  return nnx.StateSharding({
      path_ends_with('linear1', 'kernel'): P(None, axis),
      path_ends_with('linear1', 'bias'): P(axis),
      path_ends_with('linear2', 'kernel'): P(axis, None),
      path_ends_with('linear2', 'bias'): P(),
  })
