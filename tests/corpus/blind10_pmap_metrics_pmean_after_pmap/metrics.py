import jax
import jax.numpy as jnp


def compute_metrics(logits, labels, axis_name='batch'):
  loss = -jnp.mean(jnp.sum(jax.nn.one_hot(labels, logits.shape[-1]) * jax.nn.log_softmax(logits), -1))
  acc = jnp.mean(jnp.argmax(logits, -1) == labels)
  return jax.lax.pmean({'loss': loss, 'accuracy': acc}, axis_name=axis_name)
