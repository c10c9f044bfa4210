import flax.linen as nn
import jax
from jax.lax import psum


class TPMLPBlock(nn.Module):
  """Each device holds hidden/tp columns of W_in and rows of W_out."""
  d_model: int
  d_ff_local: int
  tp_axis: str

  @nn.compact
  def __call__(self, x, _):
    h = nn.LayerNorm()(x)
    h = nn.gelu(nn.Dense(self.d_ff_local, use_bias=False)(h))
    y = nn.Dense(self.d_model, use_bias=False)(h)
    return x + psum(y, self.tp_axis), None


class ScannedMLP(nn.Module):
  n_layers: int
  d_model: int
  d_ff_local: int
  tp_axis: str

  @nn.compact
  def __call__(self, x):
    Stack = nn.scan(TPMLPBlock, variable_axes={'params': 0}, split_rngs={'params': True},
                    in_axes=0, length=self.n_layers)
    x, _ = Stack(self.d_model, self.d_ff_local, self.tp_axis, name='stack')(x, None)
    return x
