import equinox as eqx
import jax
import jax.numpy as jnp

from halo import exchange_halo


class HaloConv1d(eqx.Module):
  conv: eqx.nn.Conv1d
  axis_name: str = eqx.field(static=True)

  def __init__(self, channels, axis_name, key):
    self.conv = eqx.nn.Conv1d(channels, channels, kernel_size=3, padding=0, key=key)
    self.axis_name = axis_name

  def __call__(self, x):
    xp = exchange_halo(x, self.axis_name, 1)
    return self.conv(xp.T).T


class ResStack(eqx.Module):
  layers: list

  def __init__(self, channels, depth, axis_name, key):
    self.layers = [HaloConv1d(channels, axis_name, k) for k in jax.random.split(key, depth)]

  def __call__(self, x):
    for layer in self.layers:
      x = x + eqx.filter_checkpoint(layer)(jax.nn.gelu(x))
    return x
