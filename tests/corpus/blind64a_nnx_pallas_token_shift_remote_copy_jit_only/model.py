import jax.numpy as jnp
from jax import lax
from flax import nnx

import kernels

SEQ_AXIS = "seq"


class TokenShift(nnx.Module):
  """RWKV-style time mix: blends x_t with x_{t-1}; the sequence is split over SEQ_AXIS."""

  def __init__(self, d: int, num_shards: int, *, rngs: nnx.Rngs):
    self.mix = nnx.Param(jnp.full((d,), 0.5))
    self.proj = nnx.Linear(d, d, use_bias=False, rngs=rngs)
    self.num_shards = num_shards

  def __call__(self, x):                                   # (s_local, d)
    from_left = kernels.right_permute(x, axis_name=SEQ_AXIS, num_devices=self.num_shards)
    carry_in = jnp.where(lax.axis_index(SEQ_AXIS) == 0, 0.0, from_left[-1:])
    prev = jnp.concatenate([carry_in, x[:-1]], axis=0)
    mix = self.mix[...]
    return self.proj(x * mix + prev * (1.0 - mix))
