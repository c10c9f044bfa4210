import equinox as eqx
import jax
import jax.numpy as jnp

TP_AXIS = "tp"


class Linear(eqx.Module):
  weight: jax.Array
  bias: jax.Array

  def __init__(self, in_features, out_features, *, key):
    wkey, _ = jax.random.split(key)
    lim = 1.0 / jnp.sqrt(in_features)
    self.weight = jax.random.uniform(wkey, (out_features, in_features), minval=-lim, maxval=lim)
    self.bias = jnp.zeros((out_features,))

  def __call__(self, x):
    return self.weight @ x + self.bias


class ColumnParallelLinear(Linear):
  """Output features are split over TP_AXIS; no communication needed."""


class RowParallelLinear(Linear):
  """Input features are split over TP_AXIS; partial sums are all-reduced."""

  def __call__(self, x):
    y = super().__call__(x) - self.bias
    return jax.lax.psum(y, TP_AXIS) + self.bias
