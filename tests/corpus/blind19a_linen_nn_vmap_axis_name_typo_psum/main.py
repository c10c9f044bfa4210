import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax

AXIS = 'member'


class Head(nn.Module):
  @nn.compact
  def __call__(self, x):
    y = nn.Dense(1)(x)
    return lax.psum(y, AXIS) / 4.0


VHead = nn.vmap(Head, variable_axes={'params': 0}, split_rngs={'params': True},
                in_axes=None, axis_size=4, axis_name='members')


class Model(nn.Module):
  @nn.compact
  def __call__(self, x):
    return VHead()(nn.relu(nn.Dense(16)(x)))


model = Model()
x = jnp.ones((2, 8))
params = jax.eval_shape(model.init, jax.random.key(0), x)
jax.jit(model.apply).trace(params, x).lower(lowering_platforms=('cuda',))
