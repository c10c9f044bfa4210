import equinox as eqx
import jax
import jax.numpy as jnp


class MLPBlock(eqx.Module):
  norm: eqx.nn.LayerNorm
  up: eqx.nn.Linear
  down: eqx.nn.Linear

  def __init__(self, dim, hidden, *, key):
    k1, k2 = jax.random.split(key)
    self.norm = eqx.nn.LayerNorm(dim)
    self.up = eqx.nn.Linear(dim, hidden, key=k1)
    self.down = eqx.nn.Linear(hidden, dim, key=k2)

  def __call__(self, x):
    h = jax.nn.gelu(self.up(self.norm(x)))
    return x + self.down(h)


class Regressor(eqx.Module):
  blocks: list
  head: eqx.nn.Linear

  def __init__(self, dim, hidden, depth, *, key):
    keys = jax.random.split(key, depth + 1)
    self.blocks = [MLPBlock(dim, hidden, key=k) for k in keys[:-1]]
    self.head = eqx.nn.Linear(dim, 2, key=keys[-1])

  def __call__(self, x):
    for blk in self.blocks:
      x = blk(x)
    return self.head(x)
