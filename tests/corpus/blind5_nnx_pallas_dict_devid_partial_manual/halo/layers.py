from flax import nnx

from .kernels import shift_right


class ShiftMixer(nnx.Module):
  """Mixes each device's token block with the block of its left neighbour."""

  def __init__(self, dim: int, *, axis_name: str, num_devices: int, rngs: nnx.Rngs):
    self.proj = nnx.Linear(dim, dim, rngs=rngs)
    self.axis_name = axis_name
    self.num_devices = num_devices

  def __call__(self, x):
    h = self.proj(x)
    prev = shift_right(h, axis_name=self.axis_name, num_devices=self.num_devices)
    return h + prev
