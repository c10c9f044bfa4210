import jax.numpy as jnp
from jax import lax
from flax import nnx

from halo import SEQ_AXIS, exchange_halos


class ShardedDepthwiseConv(nnx.Module):
  """Depthwise 'SAME' conv along a sequence that is split over SEQ_AXIS (halo = 8 rows)."""

  def __init__(self, d: int, kernel_size: int, num_shards: int, *, rngs: nnx.Rngs):
    assert kernel_size // 2 <= 8
    self.conv = nnx.Conv(d, d, kernel_size=(kernel_size,), padding="VALID",
                         feature_group_count=d, rngs=rngs)
    self.pad = kernel_size // 2
    self.num_shards = num_shards

  def __call__(self, x):                                    # (b, s_local, d)
    left, right = exchange_halos(x, halo=8, num_shards=self.num_shards)
    me = lax.axis_index(SEQ_AXIS)
    left = jnp.where(me == 0, 0.0, left)                     # sequence edges are zero padded
    right = jnp.where(me == self.num_shards - 1, 0.0, right)
    p = self.pad
    x_ext = jnp.concatenate([left[:, 8 - p:], x, right[:, :p]], axis=1)
    return self.conv(x_ext)
