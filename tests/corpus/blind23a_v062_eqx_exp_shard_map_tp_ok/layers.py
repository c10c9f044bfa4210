import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax


class ColRowMLP(eqx.Module):
  up: eqx.nn.Linear
  down: eqx.nn.Linear
  axis: str = eqx.field(static=True, default='model')

  def __init__(self, d, hidden_per_shard, key, axis='model'):
    k1, k2 = jax.random.split(key)
    self.up = eqx.nn.Linear(d, hidden_per_shard, key=k1)
    self.down = eqx.nn.Linear(hidden_per_shard, d, use_bias=False, key=k2)
    self.axis = axis

  def __call__(self, x):
    h = jax.nn.relu(jax.vmap(self.up)(x))
    return lax.psum(jax.vmap(self.down)(h), self.axis)
