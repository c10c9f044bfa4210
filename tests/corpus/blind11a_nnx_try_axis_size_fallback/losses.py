import jax
import jax.numpy as jnp
from jax import lax


def gather_embeddings(z, axis_name='data'):
  """All-gather embeddings across the data axis when one is bound; else use the local batch."""
  try:
    n = lax.axis_size(axis_name)
  except NameError:
    return z, 0
  z_all = lax.all_gather(z, axis_name, tiled=True)
  return z_all, lax.axis_index(axis_name) * z.shape[0]


def info_nce(za, zb, temperature=0.1):
  za = za / jnp.linalg.norm(za, axis=-1, keepdims=True)
  zb = zb / jnp.linalg.norm(zb, axis=-1, keepdims=True)
  zb_all, offset = gather_embeddings(zb)
  logits = za @ zb_all.T / temperature
  labels = offset + jnp.arange(za.shape[0])
  return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), labels[:, None], axis=-1))
