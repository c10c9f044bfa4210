from flax import nnx


def state_specs(state):
  return nnx.get_partition_spec(state)
