import jax
import jax.numpy as jnp
from flax import nnx


class Stage(nnx.Module):

  def __init__(self, d, *, rngs):
    self.ff = nnx.Linear(d, d, rngs=rngs)
    self.ln = nnx.LayerNorm(d, rngs=rngs)

  def __call__(self, x):
    return x + nnx.relu(self.ff(self.ln(x)))


def shift_right(x, axis_name, n_stages):
  """Send each stage's activations to the next stage (no wrap-around)."""
  perm = [(i, i + 1) for i in range(n_stages)]
  return jax.lax.ppermute(x, axis_name, perm)


def pipeline_forward(stage, microbatches, axis_name, n_stages):
  stage_id = jax.lax.axis_index(axis_name)
  state = jnp.zeros_like(microbatches[0])
  outs = []
  for t in range(microbatches.shape[0] + n_stages - 1):
    inp = jnp.where(stage_id == 0, microbatches[min(t, microbatches.shape[0] - 1)], state)
    y = stage(inp)
    outs.append(y)
    state = shift_right(y, axis_name, n_stages)
  return jnp.stack(outs[n_stages - 1:])
