import equinox as eqx
import jax
import jax.numpy as jnp


class Stage(eqx.Module):
  linear: eqx.nn.Linear
  norm: eqx.nn.LayerNorm

  def __init__(self, width, key):
    self.linear = eqx.nn.Linear(width, width, key=key)
    self.norm = eqx.nn.LayerNorm(width)

  def __call__(self, x):
    return x + jax.nn.relu(self.linear(self.norm(x)))


def stacked_stages(cfg, key):
  keys = jax.random.split(key, cfg.num_stages)
  return eqx.filter_vmap(lambda k: Stage(cfg.width, k))(keys)
