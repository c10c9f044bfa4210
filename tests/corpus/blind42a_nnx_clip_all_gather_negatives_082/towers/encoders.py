import jax.numpy as jnp
from flax import nnx


class Tower(nnx.Module):

  def __init__(self, din, dout, rngs):
    self.l1 = nnx.Linear(din, 128, rngs=rngs)
    self.l2 = nnx.Linear(128, dout, rngs=rngs)

  def __call__(self, x):
    z = self.l2(nnx.gelu(self.l1(x)))
    return z / jnp.linalg.norm(z, axis=-1, keepdims=True)


class DualEncoder(nnx.Module):

  def __init__(self, rngs):
    self.image = Tower(48, 32, rngs)
    self.text = Tower(24, 32, rngs)
    self.log_temp = nnx.Param(jnp.log(jnp.array(1 / 0.07)))

  def __call__(self, img, txt):
    return self.image(img), self.text(txt), jnp.exp(self.log_temp[...])
