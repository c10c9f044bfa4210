"""A Linen block (@nn.compact) whose row-parallel Dense psums over 'model', initialised
abstractly with jax.eval_shape(model.init, ...)."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class RowParallelDense(nn.Module):
  features: int

  @nn.compact
  def __call__(self, x):
    return jax.lax.psum(nn.Dense(self.features, use_bias=False)(x), 'model')


model = RowParallelDense(32)
abstract = jax.eval_shape(model.init, jax.random.key(0), jnp.ones((16, 32)))
