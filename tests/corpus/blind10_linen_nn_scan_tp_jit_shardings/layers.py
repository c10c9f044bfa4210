import flax.linen as nn
import jax

TP_AXIS = 'model'


class RowParallelBlock(nn.Module):
  d_model: int
  d_ff: int

  @nn.compact
  def __call__(self, x, _):
    h = nn.Dense(self.d_ff, use_bias=False,
                 kernel_init=nn.with_partitioning(nn.initializers.lecun_normal(), (None, TP_AXIS)))(x)
    h = nn.relu(h)
    y = nn.Dense(self.d_model, use_bias=False,
                 kernel_init=nn.with_partitioning(nn.initializers.lecun_normal(), (TP_AXIS, None)))(h)
    return x + jax.lax.psum(y, TP_AXIS), None


class Encoder(nn.Module):
  n_layers: int = 3
  d_model: int = 32
  d_ff: int = 128

  @nn.compact
  def __call__(self, x):
    Blocks = nn.scan(RowParallelBlock, variable_axes={'params': 0}, split_rngs={'params': True},
                     length=self.n_layers, metadata_params={nn.PARTITION_NAME: None})
    x, _ = Blocks(self.d_model, self.d_ff)(x, None)
    return x
