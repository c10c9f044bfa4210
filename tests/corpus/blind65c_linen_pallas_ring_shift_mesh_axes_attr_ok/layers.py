from typing import Sequence

import flax.linen as nn

from kernels import ring_shift


class RingShift(nn.Module):
  """Sends this device's block to its right neighbour along `ring_axis`."""
  ring_size: int
  mesh_axes: Sequence[str] = ("data", "model")
  ring_axis: str = "model"

  def __call__(self, x):
    if self.is_initializing():
      return x
    return ring_shift(x, mesh_axes=self.mesh_axes, ring_axis=self.ring_axis,
                      ring_size=self.ring_size)
