import equinox as eqx
import jax
import jax.numpy as jnp


class ParallelMLP(eqx.Module):
  up: eqx.nn.Linear
  down: eqx.nn.Linear
  bias: jax.Array

  def __init__(self, d, hidden, key):
    k1, k2 = jax.random.split(key)
    self.up = eqx.nn.Linear(d, hidden, key=k1)
    self.down = eqx.nn.Linear(hidden, d, use_bias=False, key=k2)
    self.bias = jnp.zeros((d,))

  def local(self, x, axis):
    h = jax.nn.gelu(jax.vmap(self.up)(x))
    y = jax.vmap(self.down)(h)
    return jax.lax.psum(y, axis) + self.bias
