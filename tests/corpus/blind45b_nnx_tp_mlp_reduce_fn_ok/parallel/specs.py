from flax import nnx


def state_specs(state):
    """PartitionSpec tree matching `state`, read from the nnx.with_partitioning metadata."""
    return nnx.get_partition_spec(state)
