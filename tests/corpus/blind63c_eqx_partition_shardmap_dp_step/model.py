import equinox as eqx
import jax
import jax.numpy as jnp


class Regressor(eqx.Module):
  layers: list
  out: eqx.nn.Linear

  def __init__(self, d_in, width, depth, *, key):
    keys = jax.random.split(key, depth + 1)
    dims = [d_in] + [width] * depth
    self.layers = [eqx.nn.Linear(a, b, key=k) for a, b, k in zip(dims[:-1], dims[1:], keys[:-1])]
    self.out = eqx.nn.Linear(width, "scalar", key=keys[-1])

  def __call__(self, x):
    for layer in self.layers:
      x = jax.nn.tanh(layer(x))
    return self.out(x)
