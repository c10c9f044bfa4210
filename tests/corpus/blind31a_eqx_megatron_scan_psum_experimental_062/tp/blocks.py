import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax


class TPBlock(eqx.Module):
  w_col: jax.Array  # [d, h]   split over h
  w_row: jax.Array  # [h, d]   split over h

  def __init__(self, d, h, key):
    k1, k2 = jax.random.split(key)
    self.w_col = jax.random.normal(k1, (d, h)) * d ** -0.5
    self.w_row = jax.random.normal(k2, (h, d)) * h ** -0.5

  def __call__(self, x, axis_name):
    y = jax.nn.gelu(x @ self.w_col)
    return x + lax.psum(y @ self.w_row, axis_name)


def make_stack(num_layers, d, h, key):
  return eqx.filter_vmap(lambda k: TPBlock(d, h, k))(jax.random.split(key, num_layers))


def run_stack(stack, x, axis_name):
  params, static = eqx.partition(stack, eqx.is_array)

  def body(x, p):
    return eqx.combine(p, static)(x, axis_name), None

  x, _ = lax.scan(body, x, params)
  return x
