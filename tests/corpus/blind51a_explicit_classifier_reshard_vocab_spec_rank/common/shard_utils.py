from jax.sharding import PartitionSpec as P, reshard


def keep_vocab_sharded(logits):
  """[batch, seq, vocab] LM logits: replicate seq, keep vocab sharded on 'model'
  so the cross-entropy's logsumexp runs vocab-parallel."""
  return reshard(logits, P('data', None, 'model'))
