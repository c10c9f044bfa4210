import jax
import jax.numpy as jnp
from flax import nnx

from ops.rmsnorm import rmsnorm


class PallasRMSNorm(nnx.Module):
  def __init__(self, dim, *, rngs=None):
    self.scale = nnx.Param(jnp.ones((dim,)))

  def __call__(self, x):
    lead = x.shape[:-1]
    y = rmsnorm(x.reshape(-1, x.shape[-1]), self.scale[...])
    return y.reshape(*lead, x.shape[-1])


class MLPBlock(nnx.Module):
  def __init__(self, dim, *, rngs: nnx.Rngs):
    self.norm = PallasRMSNorm(dim)
    self.fc1 = nnx.Linear(dim, 2 * dim, rngs=rngs)
    self.fc2 = nnx.Linear(2 * dim, dim, rngs=rngs)

  def __call__(self, x):
    return x + self.fc2(jax.nn.silu(self.fc1(self.norm(x))))
