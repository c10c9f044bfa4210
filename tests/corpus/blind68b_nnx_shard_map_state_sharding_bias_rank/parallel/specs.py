from jax.sharding import PartitionSpec as P
from flax import nnx


def under(name):
  return lambda path, value: name in path


def mlp_state_sharding(axis='model'):
  return nnx.StateSharding({
      under('linear1'): P(None, axis),
      under('linear2'): P(axis, None),
  })
