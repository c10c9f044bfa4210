import jax.numpy as jnp
import flax.linen as nn

from rmsnorm_kernel import rms_norm


class RMSNorm(nn.Module):
  epsilon: float = 1e-6
  use_kernel: bool = True

  @nn.compact
  def __call__(self, x):
    scale = self.param('scale', nn.initializers.ones_init(), (x.shape[-1],))
    if not self.use_kernel:
      var = jnp.mean(jnp.square(x), axis=-1, keepdims=True)
      return x * jnp.reciprocal(jnp.sqrt(var + self.epsilon)) * scale
    return rms_norm(x, scale, self.epsilon)


class MlpBlock(nn.Module):
  mlp_dim: int

  @nn.compact
  def __call__(self, x):
    y = RMSNorm(name='pre_norm')(x)
    y = nn.Dense(self.mlp_dim, kernel_init=nn.with_partitioning(nn.initializers.lecun_normal(), (None, 'model')))(y)
    y = nn.relu(y)
    y = nn.Dense(x.shape[-1], kernel_init=nn.with_partitioning(nn.initializers.lecun_normal(), ('model', None)))(y)
    return x + y
