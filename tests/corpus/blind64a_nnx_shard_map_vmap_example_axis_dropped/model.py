import jax.numpy as jnp
from jax import lax
from flax import nnx

EXAMPLE_AXIS = "example"
DATA_AXIS = "data"


class Encoder(nnx.Module):
  """Written per example: x is one feature vector; batch moments come from collectives."""

  def __init__(self, din: int, dim: int, dout: int, *, rngs: nnx.Rngs):
    self.fc = nnx.Linear(din, dim, rngs=rngs)
    self.proj = nnx.Linear(dim, dout, rngs=rngs)

  def global_mean(self, v):
    # over the global batch: the vmapped examples of this shard, then every data shard
    return lax.pmean(lax.pmean(v, EXAMPLE_AXIS), DATA_AXIS)

  def standardize(self, h):
    mean = self.global_mean(h)
    var = self.global_mean(jnp.square(h - mean))
    return (h - mean) * lax.rsqrt(var + 1e-5)

  def __call__(self, x):
    h = nnx.relu(self.fc(x))
    return self.proj(self.standardize(h))
