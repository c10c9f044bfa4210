import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax


class PartialHeads(nn.Module):
  dim: int

  @nn.compact
  def __call__(self, x):
    q = nn.Dense(self.dim)(x)
    k = nn.Dense(self.dim)(x)
    a = jax.nn.softmax(q @ k.T / jnp.sqrt(self.dim), axis=-1)
    return lax.psum(a @ x, 'heads')


class Model(nn.Module):
  @nn.compact
  def __call__(self, x):
    return nn.jit(PartialHeads)(32, name='attn')(x) + x


model = Model()
params = {'params': {'attn': {'Dense_0': {'kernel': jnp.zeros((32, 32)), 'bias': jnp.zeros((32,))},
                              'Dense_1': {'kernel': jnp.zeros((32, 32)), 'bias': jnp.zeros((32,))}}}}
jax.jit(model.apply).trace(params, jnp.ones((10, 32))).lower(lowering_platforms=('cuda',))
