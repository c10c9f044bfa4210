import jax
import jax.numpy as jnp


def compute_metrics(loss, logits, labels, axis_name='data'):
  accuracy = jnp.mean(jnp.argmax(logits, -1) == labels)
  metrics = {'loss': loss, 'accuracy': accuracy}
  return jax.lax.pmean(metrics, axis_name=axis_name)
