import flax.linen as nn
import jax
import jax.numpy as jnp

from kernels.matmul import matmul


class PallasDense(nn.Module):
  features: int

  @nn.compact
  def __call__(self, x):
    w = self.param('kernel', nn.initializers.lecun_normal(), (x.shape[-1], self.features))
    return matmul(x, w.astype(x.dtype), bm=128, bk=256, bn=128)


class MLP(nn.Module):
  @nn.compact
  def __call__(self, x):
    x = nn.relu(PallasDense(256)(x))
    return PallasDense(128)(x)
