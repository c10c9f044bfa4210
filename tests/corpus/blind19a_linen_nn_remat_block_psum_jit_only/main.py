import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax


class TPBlock(nn.Module):
  hidden: int

  @nn.compact
  def __call__(self, x):
    h = nn.gelu(nn.Dense(self.hidden)(x))
    y = nn.Dense(x.shape[-1], use_bias=False)(h)
    return x + lax.psum(y, 'tensor')


class Model(nn.Module):
  depth: int = 2

  @nn.compact
  def __call__(self, x):
    for _ in range(self.depth):
      x = nn.remat(TPBlock)(128)(x)
    return x


model = Model()
params = {'params': {f'CheckpointTPBlock_{i}': {
    'Dense_0': {'kernel': jnp.zeros((32, 128)), 'bias': jnp.zeros((128,))},
    'Dense_1': {'kernel': jnp.zeros((128, 32))}} for i in range(2)}}


def loss(params, x):
  return jnp.mean(model.apply(params, x) ** 2)


jax.jit(jax.grad(loss)).trace(params, jnp.ones((4, 32))).lower(lowering_platforms=('cuda',))
