import jax
import jax.numpy as jnp
import optax


def l2_normalize(x, eps=1e-6):
  return x * jax.lax.rsqrt(jnp.sum(x * x, axis=-1, keepdims=True) + eps)


def global_contrastive_loss(zimg, ztxt, temperature, axis_name="batch"):
  """Softmax contrastive loss against the negatives of the whole global batch."""
  zimg, ztxt = l2_normalize(zimg), l2_normalize(ztxt)
  all_txt = jax.lax.all_gather(ztxt, axis_name, tiled=True)
  all_img = jax.lax.all_gather(zimg, axis_name, tiled=True)
  n = zimg.shape[0]
  offset = jax.lax.axis_index(axis_name) * n
  labels = offset + jnp.arange(n)
  l_i = optax.softmax_cross_entropy_with_integer_labels(zimg @ all_txt.T / temperature, labels)
  l_t = optax.softmax_cross_entropy_with_integer_labels(ztxt @ all_img.T / temperature, labels)
  return (l_i.mean() + l_t.mean()) / 2
