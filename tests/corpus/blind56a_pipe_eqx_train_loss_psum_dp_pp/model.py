import equinox as eqx
import jax
import jax.numpy as jnp


class Stage(eqx.Module):
  up: eqx.nn.Linear
  down: eqx.nn.Linear

  def __init__(self, d, key):
    k1, k2 = jax.random.split(key)
    self.up = eqx.nn.Linear(d, 2 * d, key=k1)
    self.down = eqx.nn.Linear(2 * d, d, key=k2)

  def __call__(self, x):                 # x: [b, d]
    return x + jax.vmap(lambda r: self.down(jax.nn.gelu(self.up(r))))(x)


def stacked_stages(n, d, key):
  return eqx.filter_vmap(Stage, in_axes=(None, 0))(d, jax.random.split(key, n))
