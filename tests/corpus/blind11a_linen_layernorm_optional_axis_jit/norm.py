import flax.linen as nn
import jax.numpy as jnp
from jax import lax


def cross_replica_moments(x, axis_name=None):
  mean = jnp.mean(x, axis=0)
  mean_sq = jnp.mean(x * x, axis=0)
  if axis_name is not None:
    mean, mean_sq = lax.pmean((mean, mean_sq), axis_name)
  return mean, mean_sq - mean * mean


class SyncNorm(nn.Module):
  axis_name: str | None = None

  @nn.compact
  def __call__(self, x):
    scale = self.param('scale', nn.initializers.ones, (x.shape[-1],))
    mean, var = cross_replica_moments(x, self.axis_name)
    return (x - mean) * lax.rsqrt(var + 1e-5) * scale
