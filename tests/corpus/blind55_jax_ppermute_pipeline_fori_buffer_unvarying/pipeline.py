import jax
import jax.numpy as jnp
from jax import lax

STAGE = "stage"


def stage_fn(w, x):
  return jnp.tanh(x @ w)


def gpipe_forward(w_stacked, microbatches):
  """w_stacked: [1, d, d] per stage, microbatches: [M, mb, d] replicated."""
  w = w_stacked[0]
  n = lax.axis_size(STAGE)
  idx = lax.axis_index(STAGE)
  num_micro = microbatches.shape[0]
  perm = [(i, (i + 1) % n) for i in range(n)]

  state = jnp.zeros(microbatches.shape[1:], microbatches.dtype)
  outputs = jnp.zeros_like(microbatches)

  def body(t, carry):
    state, outputs = carry
    inp = jnp.where(idx == 0, microbatches[t % num_micro], state)
    out = stage_fn(w, inp)
    slot = (t - (n - 1)) % num_micro
    outputs = outputs.at[slot].set(jnp.where(idx == n - 1, out, outputs[slot]))
    state = lax.ppermute(out, STAGE, perm)
    return state, outputs

  _, outputs = lax.fori_loop(0, num_micro + n - 1, body, (state, outputs))
  # only the last stage holds real results
  return lax.psum(jnp.where(idx == n - 1, outputs, 0.0), STAGE)
