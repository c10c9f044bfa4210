from typing import Optional

import flax.linen as nn
import jax.numpy as jnp
from jax import lax


class RowParallelMLP(nn.Module):
  hidden: int
  out: int
  tp_axis: Optional[str] = None   # None: single-device, no reduction

  def setup(self):
    self.up = nn.Dense(self.hidden, use_bias=False)
    self.down = nn.Dense(self.out, use_bias=False)

  def __call__(self, x):
    y = self.down(nn.relu(self.up(x)))
    if self.tp_axis is not None:
      y = lax.psum(y, self.tp_axis)
    return y
