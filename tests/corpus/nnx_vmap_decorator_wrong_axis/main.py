"""Per-example scores with an @nnx.vmap decorator (axis_name 'batch'), centred with a pmean
over 'examples'."""
import jax
import jax.numpy as jnp
from flax import nnx


class Scorer(nnx.Module):
  def __init__(self, d, *, rngs: nnx.Rngs):
    self.proj = nnx.Linear(d, 1, rngs=rngs)

  def __call__(self, x):
    return self.proj(x)[0]


@nnx.vmap(in_axes=(None, 0), axis_name='batch')
def centred_score(model, x):
  s = model(x)
  return s - jax.lax.pmean(s, 'examples')


@nnx.jit
def scores(model, xs):
  return centred_score(model, xs)


model = Scorer(32, rngs=nnx.Rngs(0))
scores.trace(model, jnp.ones((64, 32))).lower(lowering_platforms=("cuda",))
