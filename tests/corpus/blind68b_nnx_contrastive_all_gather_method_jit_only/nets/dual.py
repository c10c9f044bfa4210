import jax
import jax.numpy as jnp
import optax
from jax import lax
from flax import nnx

from nets.towers import Tower


class DualEncoder(nnx.Module):

  def __init__(self, d_image, d_text, d_embed, *, axis_name='data',
               rngs: nnx.Rngs):
    self.image_tower = Tower(d_image, 256, d_embed, rngs=rngs)
    self.text_tower = Tower(d_text, 256, d_embed, rngs=rngs)
    self.log_temp = nnx.Param(jnp.log(jnp.asarray(1 / 0.07)))
    self.axis_name = axis_name

  def global_batch(self, z):
    # Negatives come from every replica's shard of the batch.
    return lax.all_gather(z, self.axis_name, axis=0, tiled=True)

  def contrastive_loss(self, images, texts):
    zi = self.image_tower(images)
    zt = self.text_tower(texts)
    all_zt = self.global_batch(zt)
    logits = jnp.exp(self.log_temp.value) * zi @ all_zt.T
    offset = lax.axis_index(self.axis_name) * zi.shape[0]
    labels = offset + jnp.arange(zi.shape[0])
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
