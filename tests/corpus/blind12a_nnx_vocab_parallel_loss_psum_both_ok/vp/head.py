import jax.numpy as jnp
from flax import nnx
from jax import lax

DATA, MODEL = "data", "model"


class VocabParallelHead(nnx.Module):

  def __init__(self, dim, vocab_per_shard, *, rngs):
    self.proj = nnx.Linear(dim, vocab_per_shard, use_bias=False, rngs=rngs)
    self.vocab_per_shard = vocab_per_shard

  def __call__(self, h):
    return self.proj(h)


def parallel_cross_entropy(logits, labels, vocab_per_shard):
  start = lax.axis_index(MODEL) * vocab_per_shard
  gmax = lax.pmax(jnp.max(logits, -1, keepdims=True), MODEL)
  z = jnp.exp(logits - gmax)
  denom = lax.psum(jnp.sum(z, -1), MODEL)
  local = labels - start
  in_shard = (local >= 0) & (local < vocab_per_shard)
  picked = jnp.take_along_axis(logits - gmax, jnp.clip(local, 0, vocab_per_shard - 1)[:, None],
                               -1)[:, 0]
  target = jnp.where(in_shard, picked, 0.0)
  # Each (data, model) shard holds a partial sum of the batch's loss.
  partial_loss = jnp.sum(jnp.log(denom) / lax.axis_size(MODEL) - target)
  return lax.psum(partial_loss, (DATA, MODEL)) / (labels.shape[0] * lax.axis_size(DATA))
