import flax.linen as nn
import jax.numpy as jnp
from jax import lax


class DecoderLayer(nn.Module):
  d_model: int
  d_ff_local: int
  tp_axis: str

  @nn.compact
  def __call__(self, carry, _):
    x = nn.RMSNorm()(carry)
    h = nn.Dense(self.d_ff_local, use_bias=False, name='wi')(x)
    h = nn.silu(h)
    out = nn.Dense(self.d_model, use_bias=False, name='wo')(h)
    out = lax.psum(out, axis_name=self.tp_axis)
    return carry + out, None


class Decoder(nn.Module):
  num_layers: int
  d_model: int
  d_ff_local: int
  tp_axis: str = 'tp'

  @nn.compact
  def __call__(self, x):
    block = nn.remat(DecoderLayer, prevent_cse=False)
    stack = nn.scan(block, variable_axes={'params': 0}, split_rngs={'params': True},
                    length=self.num_layers)
    x, _ = stack(self.d_model, self.d_ff_local, self.tp_axis, name='layers')(x, None)
    return nn.RMSNorm(name='final_norm')(x)
