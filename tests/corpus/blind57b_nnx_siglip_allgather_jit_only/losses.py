import jax
import jax.numpy as jnp


def gather_all(x, axis_name='data'):
  """Collect embeddings from every data-parallel replica (global negatives)."""
  return jax.lax.all_gather(x, axis_name, tiled=True)


def sigmoid_contrastive_loss(zimg, ztxt, t, b):
  ztxt_all = gather_all(ztxt)
  logits = zimg @ ztxt_all.T * t + b
  n = zimg.shape[0]
  offset = jax.lax.axis_index('data') * n
  labels = 2.0 * jax.nn.one_hot(offset + jnp.arange(n), ztxt_all.shape[0]) - 1.0
  return -jnp.mean(jnp.sum(jax.nn.log_sigmoid(labels * logits), axis=-1))
