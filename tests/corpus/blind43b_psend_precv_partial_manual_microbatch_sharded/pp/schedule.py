import jax
import jax.numpy as jnp
from jax import lax

STAGE = 'stage'


def run_microbatches(w, xs, num_stages):
  """Each stage applies its layer and hands the result to the next stage."""
  perm = [(i, i + 1) for i in range(num_stages - 1)]
  idx = lax.axis_index(STAGE)

  def tick(h, x):
    h = jnp.where(idx == 0, x, h)
    out = jnp.tanh(h @ w)
    tok = lax.psend(out, STAGE, perm)
    nxt = lax.precv(tok, jax.ShapeDtypeStruct(out.shape, out.dtype), STAGE, perm)
    return nxt, out

  _, outs = lax.scan(tick, jnp.zeros_like(xs[0]), xs)
  return outs
