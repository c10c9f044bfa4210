import flax.linen as nn
import jax.numpy as jnp


class MlpBlock(nn.Module):
  d_ff: int

  @nn.compact
  def __call__(self, x):
    d = x.shape[-1]
    h = nn.Dense(self.d_ff, use_bias=False,
                 kernel_init=nn.with_logical_partitioning(
                     nn.initializers.lecun_normal(), ('embed', 'mlp')))(x)
    h = nn.with_logical_constraint(nn.gelu(h), ('batch', 'length', 'mlp'))
    out = nn.Dense(d, use_bias=False,
                   kernel_init=nn.with_logical_partitioning(
                       nn.initializers.lecun_normal(), ('mlp', 'embed')))(h)
    return nn.with_logical_constraint(out, ('batch', 'length', 'embed'))


class Encoder(nn.Module):
  num_layers: int = 2
  d_ff: int = 128

  @nn.compact
  def __call__(self, x):
    for _ in range(self.num_layers):
      x = x + MlpBlock(self.d_ff)(nn.LayerNorm()(x))
    return x
