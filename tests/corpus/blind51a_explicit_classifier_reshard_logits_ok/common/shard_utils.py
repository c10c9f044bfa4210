from jax.sharding import PartitionSpec as P, reshard


def gather_model_dim(logits):
  """Un-shard the trailing (vocab/class) dim; keep the batch sharding."""
  return reshard(logits, P('data', None))
