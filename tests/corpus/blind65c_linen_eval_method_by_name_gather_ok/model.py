import flax.linen as fnn
import jax.numpy as jnp
from jax import lax
from jax.lax import all_gather as gather_shards


def l2_normalize(x, eps=1e-6):
  return x / (jnp.linalg.norm(x, axis=-1, keepdims=True) + eps)


class DualEncoder(fnn.Module):
  embed_dim: int
  batch_axis: str = "data"

  def setup(self):
    self.image_tower = fnn.Sequential([fnn.Dense(256), fnn.gelu, fnn.Dense(self.embed_dim)])
    self.text_tower = fnn.Sequential([fnn.Dense(256), fnn.gelu, fnn.Dense(self.embed_dim)])
    self.logit_scale = self.param("logit_scale", fnn.initializers.constant(jnp.log(10.0)), ())

  def __call__(self, images, texts):
    return l2_normalize(self.image_tower(images)), l2_normalize(self.text_tower(texts))

  def contrastive_logits(self, images, texts):
    """Local images against the texts of the whole global batch."""
    zi, zt = self(images, texts)
    zt_all = gather_shards(zt, self.batch_axis, tiled=True)
    return jnp.exp(self.logit_scale) * zi @ zt_all.T

  def retrieval_hits(self, images, texts):
    logits = self.contrastive_logits(images, texts)
    offset = lax.axis_index(self.batch_axis) * images.shape[0]
    targets = offset + jnp.arange(images.shape[0])
    return (jnp.argmax(logits, axis=-1) == targets).astype(jnp.float32)
