import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax


class Layer(nn.Module):
  @nn.compact
  def __call__(self, h, _):
    h = h + nn.Dense(h.shape[-1])(nn.LayerNorm()(h))
    aux = lax.psum(jnp.mean(h ** 2), 'batch')
    return h, aux


class Encoder(nn.Module):
  @nn.compact
  def __call__(self, x):
    h, aux = nn.scan(Layer, variable_axes={'params': 0}, split_rngs={'params': True},
                     length=4)()(x, None)
    return h, aux.sum()


model = Encoder()
params = {'params': {'ScanLayer_0': {
    'Dense_0': {'kernel': jnp.zeros((4, 16, 16)), 'bias': jnp.zeros((4, 16))},
    'LayerNorm_0': {'scale': jnp.ones((4, 16)), 'bias': jnp.zeros((4, 16))}}}}

apply = jax.vmap(model.apply, in_axes=(None, 0))
jax.jit(apply).trace(params, jnp.ones((8, 10, 16))).lower(lowering_platforms=('cuda',))
