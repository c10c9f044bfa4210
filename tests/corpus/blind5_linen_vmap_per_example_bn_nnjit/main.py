"""Per-example gradients (DP-SGD style) of a model with BatchNorm: the batch is split into single
examples by jax.vmap, and BatchNorm's axis_name reduces statistics across the mapped axis."""
from functools import partial

import jax
import jax.numpy as jnp
import flax.linen as nn


class Encoder(nn.Module):
  features: int = 32

  @partial(nn.jit, static_argnames=('train',))
  @nn.compact
  def __call__(self, x, train: bool = True):
    x = nn.Dense(self.features)(x)
    x = nn.BatchNorm(use_running_average=not train, axis_name='examples')(x)
    return nn.tanh(x)


class Model(nn.Module):
  @nn.compact
  def __call__(self, x, train: bool = True):
    h = Encoder()(x, train=train)
    return nn.Dense(1)(h)[..., 0]


model = Model()
x = jnp.ones((16, 8))
y = jnp.zeros((16,))
variables = model.init(jax.random.key(0), x, train=False)


def example_loss(params, batch_stats, xi, yi):
  pred, updates = model.apply({'params': params, 'batch_stats': batch_stats}, xi[None],
                              mutable=['batch_stats'])
  return jnp.mean((pred - yi) ** 2), updates


per_example_grads = jax.vmap(jax.grad(example_loss, has_aux=True),
                             in_axes=(None, None, 0, 0), axis_name='examples')


@jax.jit
def clipped_grads(variables, x, y, clip=1.0):
  grads, updates = per_example_grads(variables['params'], variables['batch_stats'], x, y)
  norms = jnp.sqrt(sum(jnp.sum(g.reshape(g.shape[0], -1) ** 2, -1) for g in jax.tree.leaves(grads)))
  scale = jnp.minimum(1.0, clip / (norms + 1e-6))
  return jax.tree.map(lambda g: jnp.mean(g * scale.reshape((-1,) + (1,) * (g.ndim - 1)), 0), grads)


clipped_grads.trace(variables, x, y).lower(lowering_platforms=("cuda",))
