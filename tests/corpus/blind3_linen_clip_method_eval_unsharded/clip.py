import flax.linen as nn
import jax
import jax.numpy as jnp


class Tower(nn.Module):
  width: int
  embed_dim: int

  @nn.compact
  def __call__(self, x):
    x = nn.Dense(self.width)(x)
    x = nn.gelu(x)
    x = nn.Dense(self.embed_dim)(x)
    return x / jnp.linalg.norm(x, axis=-1, keepdims=True)


class TwoTower(nn.Module):
  embed_dim: int = 16
  data_axis: str = 'batch'

  def setup(self):
    self.image_tower = Tower(32, self.embed_dim)
    self.text_tower = Tower(32, self.embed_dim)
    self.logit_scale = self.param('logit_scale', nn.initializers.constant(jnp.log(10.0)), ())

  def __call__(self, images, texts):
    return self.image_tower(images), self.text_tower(texts)

  def encode_image(self, images):
    return self.image_tower(images)

  def contrastive_logits(self, images, texts):
    zimg, ztxt = self(images, texts)
    all_txt = jax.lax.all_gather(ztxt, self.data_axis, tiled=True)
    logits = jnp.exp(self.logit_scale) * zimg @ all_txt.T
    offset = jax.lax.axis_index(self.data_axis) * zimg.shape[0]
    labels = offset + jnp.arange(zimg.shape[0])
    return logits, labels
