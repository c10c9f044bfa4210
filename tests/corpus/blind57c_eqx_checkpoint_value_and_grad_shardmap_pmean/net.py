import equinox as eqx
import jax
import jax.numpy as jnp


class Residual(eqx.Module):
  norm: eqx.nn.LayerNorm
  fc: eqx.nn.Linear

  def __init__(self, d, key):
    self.norm = eqx.nn.LayerNorm(d)
    self.fc = eqx.nn.Linear(d, d, key=key)

  def __call__(self, x):
    return x + self.fc(jax.nn.gelu(self.norm(x)))


class ResNetMLP(eqx.Module):
  blocks: list
  out: eqx.nn.Linear

  def __init__(self, d, depth, key):
    keys = jax.random.split(key, depth + 1)
    self.blocks = [Residual(d, k) for k in keys[:-1]]
    self.out = eqx.nn.Linear(d, 1, key=keys[-1])

  def __call__(self, x):
    for blk in self.blocks:
      x = eqx.filter_checkpoint(blk)(x)
    return self.out(x)
