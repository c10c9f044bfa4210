import equinox as eqx
import jax
import jax.numpy as jnp


class ImageTower(eqx.Module):
  stem: eqx.nn.Conv2d
  proj: eqx.nn.Linear

  def __init__(self, width, embed, key):
    k1, k2 = jax.random.split(key)
    self.stem = eqx.nn.Conv2d(3, width, 4, stride=4, key=k1)
    self.proj = eqx.nn.Linear(width, embed, key=k2)

  def __call__(self, img):
    h = jax.nn.gelu(self.stem(img))
    return self.proj(h.mean(axis=(1, 2)))


class TextTower(eqx.Module):
  tok: eqx.nn.Embedding
  proj: eqx.nn.Linear

  def __init__(self, vocab, width, embed, key):
    k1, k2 = jax.random.split(key)
    self.tok = eqx.nn.Embedding(vocab, width, key=k1)
    self.proj = eqx.nn.Linear(width, embed, key=k2)

  def __call__(self, ids):
    return self.proj(jax.vmap(self.tok)(ids).mean(axis=0))


class CLIP(eqx.Module):
  image: ImageTower
  text: TextTower
  log_scale: jax.Array

  def __init__(self, key):
    k1, k2 = jax.random.split(key)
    self.image = ImageTower(64, 128, k1)
    self.text = TextTower(8192, 64, 128, k2)
    self.log_scale = jnp.log(jnp.asarray(1 / 0.07))

  def embed(self, images, ids):
    zi = jax.vmap(self.image)(images)
    zt = jax.vmap(self.text)(ids)
    normalize = lambda z: z / jnp.linalg.norm(z, axis=-1, keepdims=True)
    return normalize(zi), normalize(zt)
