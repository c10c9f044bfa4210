import jax
from flax import nnx

from ops import ring_shift


class ShiftMixer(nnx.Module):
  """Mixes each device's activations with those of its left neighbour on the ring."""

  def __init__(self, dim: int, *, axis_name: str, num_devices: int, rngs: nnx.Rngs):
    self.proj = nnx.Linear(dim, dim, rngs=rngs)
    self.axis_name = axis_name
    self.num_devices = num_devices

  def __call__(self, x):
    h = self.proj(x)
    return h + ring_shift(h, axis_name=self.axis_name, num_devices=self.num_devices)
