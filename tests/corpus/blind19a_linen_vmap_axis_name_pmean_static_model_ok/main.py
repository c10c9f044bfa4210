import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax


class CrossExampleCenter(nn.Module):
  features: int

  @nn.compact
  def __call__(self, x):
    y = nn.Dense(self.features)(x)
    return y - lax.pmean(y, 'batch')


def apply(model, params, x):
  return model.apply(params, x)


model = CrossExampleCenter(32)
params = {'params': {'Dense_0': {'kernel': jnp.zeros((16, 32)), 'bias': jnp.zeros((32,))}}}
batched = jax.vmap(functools.partial(apply, model), in_axes=(None, 0), axis_name='batch')
jax.jit(batched).trace(params, jnp.ones((8, 16))).lower(lowering_platforms=('cuda',))
