from jax import lax as L
import jax.numpy as jnp

BATCH_AXIS = "batch"


def global_mean(x):
    """Average a per-device metric over the data-parallel axis."""
    return L.pmean(x, BATCH_AXIS)


def accuracy(logits, labels):
    return jnp.mean(jnp.argmax(logits, -1) == labels)
