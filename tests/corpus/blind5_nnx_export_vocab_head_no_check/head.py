import jax
import jax.numpy as jnp
from flax import nnx


class VocabParallelHead(nnx.Module):
  """Each shard owns vocab/n rows of the embedding table and scores them."""

  def __init__(self, vocab, dim, *, vocab_axis, rngs):
    self.embedding = nnx.Embed(vocab, dim, rngs=rngs)
    self.vocab_axis = vocab_axis

  def greedy_next_token(self, h):
    local_logits = self.embedding.attend(h)          # [batch, vocab / n]
    logits = jax.lax.all_gather(local_logits, self.vocab_axis, axis=-1, tiled=True)
    return jnp.argmax(logits, axis=-1)
