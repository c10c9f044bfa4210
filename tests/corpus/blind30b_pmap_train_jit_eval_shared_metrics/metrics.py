import jax
import jax.numpy as jnp
import optax


def compute_metrics(logits, labels):
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    accuracy = jnp.mean(jnp.argmax(logits, -1) == labels)
    return jax.lax.pmean({'loss': loss, 'accuracy': accuracy}, axis_name='batch')
