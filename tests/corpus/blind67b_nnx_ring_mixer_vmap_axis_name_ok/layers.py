from flax import nnx

import ring_ops


class RingMixer(nnx.Module):
  """Mixes each shard's tokens with the previous shard's tokens on the ring."""

  def __init__(self, dim: int, *, axis_name: str, rngs: nnx.Rngs):
    self.proj = nnx.Linear(dim, dim, rngs=rngs)
    self.axis_name = axis_name

  def __call__(self, x):
    h = self.proj(x)
    return h + ring_ops.send_right(h, self.axis_name)
