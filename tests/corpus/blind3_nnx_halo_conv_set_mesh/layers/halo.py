"""A causal 1D convolution over a sequence split across devices: each device needs the last
`kernel_size - 1` timesteps of its left neighbour (a halo), fetched with ppermute."""
import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx


def _left_halo(x, width, axis_name):
  n = lax.axis_size(axis_name)
  tail = x[:, -width:, :]
  halo = lax.ppermute(tail, axis_name, perm=[(i, i + 1) for i in range(n - 1)])
  return jnp.concatenate([halo, x], axis=1)


class HaloConv1D(nnx.Module):
  def __init__(self, features: int, kernel_size: int, *, axis_name: str, rngs: nnx.Rngs):
    self.conv = nnx.Conv(features, features, kernel_size=(kernel_size,), padding='VALID', rngs=rngs)
    self.width = kernel_size - 1
    self.axis_name = axis_name

  def __call__(self, x):
    return self.conv(_left_halo(x, self.width, self.axis_name))
