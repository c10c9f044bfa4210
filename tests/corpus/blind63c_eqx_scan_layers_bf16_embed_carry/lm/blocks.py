import equinox as eqx
import jax
import jax.numpy as jnp


class MLPBlock(eqx.Module):
  norm: eqx.nn.RMSNorm
  up: eqx.nn.Linear
  down: eqx.nn.Linear

  def __init__(self, dim, hidden, *, key):
    k1, k2 = jax.random.split(key)
    self.norm = eqx.nn.RMSNorm(dim)
    self.up = eqx.nn.Linear(dim, hidden, key=k1)
    self.down = eqx.nn.Linear(hidden, dim, key=k2)

  def __call__(self, x):
    h = jax.vmap(self.norm)(x)
    h = jax.vmap(self.down)(jax.nn.gelu(jax.vmap(self.up)(h)))
    return x + h


def make_stack(n_layers, dim, hidden, key):
  keys = jax.random.split(key, n_layers)
  return eqx.filter_vmap(lambda k: MLPBlock(dim, hidden, key=k))(keys)
