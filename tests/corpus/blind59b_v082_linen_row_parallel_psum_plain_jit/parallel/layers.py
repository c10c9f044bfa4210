import flax.linen as nn
from jax import lax

TENSOR_AXIS = 'tensor'


class ColumnParallelDense(nn.Module):
  features: int

  def setup(self):
    self.dense = nn.Dense(self.features)

  def __call__(self, x):
    return self.dense(x)


class RowParallelDense(nn.Module):
  features: int

  def setup(self):
    self.dense = nn.Dense(self.features, use_bias=False)
    self.bias = self.param('bias', nn.initializers.zeros, (self.features,))

  def __call__(self, x):
    y = lax.psum(self.dense(x), axis_name=TENSOR_AXIS)
    return y + self.bias


class ParallelMlp(nn.Module):
  d_model: int
  d_ff: int

  def setup(self):
    self.up = ColumnParallelDense(self.d_ff)
    self.down = RowParallelDense(self.d_model)
    self.norm = nn.LayerNorm()

  def __call__(self, x):
    return x + self.down(nn.gelu(self.up(self.norm(x))))
