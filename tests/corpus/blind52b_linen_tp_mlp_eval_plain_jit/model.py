import jax
import flax.linen as nn


class RowParallelDense(nn.Module):
  features: int
  axis_name: str = 'model'

  @nn.compact
  def __call__(self, x):
    y = nn.Dense(self.features, use_bias=False, name='kernel_shard')(x)
    y = jax.lax.psum(y, self.axis_name)
    bias = self.param('bias', nn.initializers.zeros_init(), (self.features,))
    return y + bias


class TPMLP(nn.Module):
  hidden: int
  out: int
  tp_size: int

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(self.hidden // self.tp_size, name='col')(x)   # column-parallel shard
    h = nn.gelu(h)
    return RowParallelDense(self.out, name='row')(h)
