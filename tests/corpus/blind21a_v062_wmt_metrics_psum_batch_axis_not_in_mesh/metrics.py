import jax
import jax.numpy as jnp
import optax


def compute_weighted_cross_entropy(logits, targets, weights=None, label_smoothing=0.0):
  vocab_size = logits.shape[-1]
  confidence = 1.0 - label_smoothing
  low_confidence = (1.0 - confidence) / (vocab_size - 1)
  soft_targets = optax.smooth_labels(jax.nn.one_hot(targets, vocab_size), label_smoothing) \
      if label_smoothing else jax.nn.one_hot(targets, vocab_size) * confidence + low_confidence
  loss = -jnp.sum(soft_targets * jax.nn.log_softmax(logits), axis=-1)
  normalizing_factor = jnp.prod(jnp.asarray(targets.shape))
  if weights is not None:
    loss = loss * weights
    normalizing_factor = weights.sum()
  return loss.sum(), normalizing_factor


def compute_metrics(logits, labels, weights, label_smoothing=0.0):
  """Compute summary metrics (flax/examples/wmt/train.py)."""
  loss, weight_sum = compute_weighted_cross_entropy(logits, labels, weights, label_smoothing)
  acc = (jnp.argmax(logits, -1) == labels) * weights
  metrics = {'loss': loss, 'accuracy': acc.sum(), 'denominator': weight_sum}
  metrics = jax.lax.psum(metrics, axis_name='batch')
  return metrics
