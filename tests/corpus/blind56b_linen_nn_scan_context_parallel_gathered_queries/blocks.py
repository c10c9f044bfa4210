import jax
import jax.numpy as jnp
import flax.linen as nn

SEQ_AXIS = 'seq'


class ContextParallelLayer(nn.Module):
  num_heads: int
  mlp_dim: int

  @nn.compact
  def __call__(self, x, _):
    # x holds this device's slice of the sequence: (batch, seq // n_dev, dim)
    h = nn.LayerNorm()(x)
    h_full = jax.lax.all_gather(h, SEQ_AXIS, axis=1, tiled=True)
    attn = nn.MultiHeadDotProductAttention(num_heads=self.num_heads)(h_full, h_full)
    x = x + attn
    h = nn.LayerNorm()(x)
    h = nn.Dense(x.shape[-1])(nn.gelu(nn.Dense(self.mlp_dim)(h)))
    return x + h, None


class Encoder(nn.Module):
  num_layers: int = 3
  num_heads: int = 4
  mlp_dim: int = 256

  @nn.compact
  def __call__(self, x):
    Stack = nn.scan(ContextParallelLayer, variable_axes={'params': 0},
                    split_rngs={'params': True}, length=self.num_layers)
    x, _ = Stack(self.num_heads, self.mlp_dim)(x, None)
    return x
