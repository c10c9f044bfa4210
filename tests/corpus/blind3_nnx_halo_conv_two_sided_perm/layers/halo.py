"""A non-causal 1D convolution over a sequence split across devices: each device needs halos
from both neighbours, fetched with ppermute."""
import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx


def _halos(x, width, axis_name):
  n = lax.axis_size(axis_name)
  to_right = [(i, i + 1) for i in range(n - 1)]
  to_left = [(i, i - 1) for i in range(1, n)]
  edges = jnp.concatenate([x[:, :width, :], x[:, -width:, :]], axis=1)
  received = lax.ppermute(edges, axis_name, perm=to_right + to_left)
  left, right = received[:, width:, :], received[:, :width, :]
  return jnp.concatenate([left, x, right], axis=1)


class HaloConv1D(nnx.Module):
  def __init__(self, features: int, kernel_size: int, *, axis_name: str, rngs: nnx.Rngs):
    self.conv = nnx.Conv(features, features, kernel_size=(kernel_size,), padding='VALID', rngs=rngs)
    self.width = (kernel_size - 1) // 2
    self.axis_name = axis_name

  def __call__(self, x):
    return self.conv(_halos(x, self.width, self.axis_name))
