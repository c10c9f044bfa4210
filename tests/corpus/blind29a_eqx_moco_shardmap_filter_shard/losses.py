import jax
import jax.numpy as jnp
import optax


def cross_device_concat(x, axis_name="devices"):
    """Concatenate per-device embeddings into the global batch (TPU cross-replica concat)."""
    return jax.lax.all_gather(x, axis_name, tiled=True)


def info_nce(q, k, temperature=0.2, axis_name="devices"):
    k_all = cross_device_concat(k, axis_name)
    logits = q @ k_all.T / temperature
    labels = jax.lax.axis_index(axis_name) * q.shape[0] + jnp.arange(q.shape[0])
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
