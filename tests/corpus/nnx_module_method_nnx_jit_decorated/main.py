"""A pooled embedding over the global batch: the pmean-ing method itself is decorated with
nnx.jit and called on the module."""
import jax
import jax.numpy as jnp
from flax import nnx


class Encoder(nnx.Module):
  def __init__(self, *, rngs: nnx.Rngs):
    self.linear = nnx.Linear(32, 32, rngs=rngs)

  @nnx.jit
  def pooled(self, x):
    return jax.lax.pmean(nnx.relu(self.linear(x)).mean(axis=0), 'data')


encoder = Encoder(rngs=nnx.Rngs(0))
Encoder.pooled.trace(encoder, jnp.ones((64, 32))).lower(lowering_platforms=("cuda",))
