import jax.numpy as jnp
import optax

from .collectives import global_mean


def compute_metrics(logits, labels):
  loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
  acc = jnp.mean(jnp.argmax(logits, -1) == labels)
  return {"loss": global_mean(loss), "accuracy": global_mean(acc)}
