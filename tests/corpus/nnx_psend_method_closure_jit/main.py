"""A pipeline stage whose __call__ hands activations on with psend/precv over 'pp'; the module
is closed over by a jax.jit step."""
import jax
import jax.numpy as jnp
from flax import nnx

NEXT = [(0, 1), (1, 2), (2, 3)]


class Stage(nnx.Module):
  def __init__(self, d, *, rngs: nnx.Rngs):
    self.linear = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, x):
    h = jnp.tanh(self.linear(x))
    sent = jax.lax.psend(h, 'pp', NEXT)
    return jax.lax.precv(sent, jax.ShapeDtypeStruct(h.shape, h.dtype), 'pp', NEXT)


stage = Stage(32, rngs=nnx.Rngs(0))


@jax.jit
def step(x):
  return stage(x)


step.trace(jnp.ones((16, 32))).lower(lowering_platforms=("cuda",))
