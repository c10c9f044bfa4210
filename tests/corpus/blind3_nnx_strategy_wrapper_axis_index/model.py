import jax
import jax.numpy as jnp
from flax import nnx


class PositionalEncoder(nnx.Module):
  """Adds learned absolute positions; with the sequence split over devices, each shard starts
  at its own offset."""

  def __init__(self, max_len: int, dim: int, *, seq_axis: str | None, rngs: nnx.Rngs):
    self.pos = nnx.Embed(max_len, dim, rngs=rngs)
    self.proj = nnx.Linear(dim, dim, rngs=rngs)
    self.seq_axis = seq_axis

  def __call__(self, x):
    local_len = x.shape[1]
    offset = 0
    if self.seq_axis is not None:
      offset = jax.lax.axis_index(self.seq_axis) * local_len
    positions = offset + jnp.arange(local_len)
    return self.proj(x + self.pos(positions)[None])
