import jax
import jax.numpy as jnp
import equinox as eqx

import common


class FFN(eqx.Module):
  w_in: jax.Array
  w_out: jax.Array

  def __init__(self, d_model, d_ff, key):
    k1, k2 = jax.random.split(key)
    self.w_in = jax.random.normal(k1, (d_model, d_ff)) / jnp.sqrt(d_model)
    self.w_out = jax.random.normal(k2, (d_ff, d_model)) / jnp.sqrt(d_ff)

  def __call__(self, x):
    h = jax.nn.gelu(x @ self.w_in)
    h = common.constrain(h)
    return x + h @ self.w_out
