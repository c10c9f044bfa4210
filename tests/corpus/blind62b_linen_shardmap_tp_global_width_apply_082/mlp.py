from typing import Optional

import flax.linen as nn
import jax


class ParallelMLP(nn.Module):
  """Megatron MLP. `hidden` is the width this module instance sees."""
  hidden: int
  reduce_axis: Optional[str] = None

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(self.hidden, use_bias=False,
                 kernel_init=nn.with_partitioning(nn.initializers.lecun_normal(),
                                                  (None, "model")),
                 name="wi")(x)
    h = nn.gelu(h)
    y = nn.Dense(x.shape[-1], use_bias=False,
                 kernel_init=nn.with_partitioning(nn.initializers.lecun_normal(),
                                                  ("model", None)),
                 name="wo")(h)
    if self.reduce_axis is not None:
      y = jax.lax.psum(y, self.reduce_axis)
    return y
