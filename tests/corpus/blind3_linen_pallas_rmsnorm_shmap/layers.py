import flax.linen as nn

from ops.rmsnorm import rmsnorm


class FusedRMSNorm(nn.Module):
  eps: float = 1e-6

  @nn.compact
  def __call__(self, x):
    scale = self.param('scale', nn.initializers.ones_init(), (x.shape[-1],))
    return rmsnorm(x, scale, self.eps)


class Block(nn.Module):
  dim: int

  @nn.compact
  def __call__(self, x):
    h = FusedRMSNorm()(x)
    return x + nn.Dense(self.dim)(nn.silu(nn.Dense(2 * self.dim)(h)))
