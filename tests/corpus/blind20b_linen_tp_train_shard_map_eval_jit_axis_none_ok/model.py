from typing import Optional

import flax.linen as nn
import jax


class Block(nn.Module):
  d_model: int
  d_ff: int
  tp_axis: Optional[str] = "model"

  @nn.compact
  def __call__(self, x, _):
    h = nn.LayerNorm()(x)
    h = nn.gelu(nn.Dense(self.d_ff, name="up")(h))
    h = nn.Dense(self.d_model, use_bias=False, name="down")(h)
    if self.tp_axis is not None and not self.is_initializing():
      h = jax.lax.psum(h, self.tp_axis)
    bias = self.param("down_bias", nn.initializers.zeros, (self.d_model,))
    return x + h + bias, None


class Encoder(nn.Module):
  num_layers: int
  d_model: int
  d_ff: int
  tp_axis: Optional[str] = "model"

  @nn.compact
  def __call__(self, x):
    Stack = nn.scan(Block, variable_axes={"params": 0}, split_rngs={"params": True},
                    length=self.num_layers)
    x, _ = Stack(self.d_model, self.d_ff, self.tp_axis, name="layers")(x, None)
    return nn.Dense(1, name="head")(x)
