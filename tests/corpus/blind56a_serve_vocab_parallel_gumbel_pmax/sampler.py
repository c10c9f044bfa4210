import jax
import jax.numpy as jnp
from jax import lax


class VocabParallelSampler:
  def __init__(self, tp_axis, dp_axis, temperature=1.0):
    self.tp_axis = tp_axis
    self.dp_axis = dp_axis
    self.temperature = temperature

  def __call__(self, key, h, w_vocab):
    """Per-device body: h [b_local, D], w_vocab [D, V_local]."""
    shard = lax.axis_index(self.tp_axis)
    logits = (h @ w_vocab).astype(jnp.float32) / self.temperature
    key = jax.random.fold_in(key, lax.axis_index(self.dp_axis) * 1024 + shard)
    scores = logits + jax.random.gumbel(key, logits.shape)
    best_local = scores.max(axis=-1)
    idx_local = scores.argmax(axis=-1) + shard * w_vocab.shape[1]
    best = lax.pmax(best_local, self.tp_axis)
    # ties are measure-zero; the max index among winners is fine
    idx = lax.pmax(jnp.where(best_local == best, idx_local, -1), self.tp_axis)
    return idx.astype(jnp.int32)
