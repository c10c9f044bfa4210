"""Dropout in an NNX step: the nnx.Rngs stream is split per device with axis_index('data') so
every shard drops different units, under nnx.jit."""
import jax
import jax.numpy as jnp
from flax import nnx


class Net(nnx.Module):
  def __init__(self, *, rngs: nnx.Rngs):
    self.linear = nnx.Linear(16, 16, rngs=rngs)
    self.rate = 0.5

  def __call__(self, x, key):
    keep = jax.random.bernoulli(key, 1 - self.rate, x.shape)
    return self.linear(jnp.where(keep, x / (1 - self.rate), 0))


@nnx.jit
def forward(model, x, rngs):
  key = jax.random.fold_in(rngs.dropout(), jax.lax.axis_index('data'))
  return model(x, key)


forward.trace(Net(rngs=nnx.Rngs(0)), jnp.ones((16, 16)), nnx.Rngs(dropout=1)).lower(
    lowering_platforms=("cuda",))
