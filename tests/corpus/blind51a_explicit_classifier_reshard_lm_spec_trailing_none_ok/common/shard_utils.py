from jax.sharding import PartitionSpec as P, reshard


def gather_model_dim(logits):
  """Un-shard the vocab dim of [batch, seq, vocab] LM logits; keep the batch sharding."""
  return reshard(logits, P('data', None, None))
