import jax
import jax.numpy as jnp
from jax import lax


def _shift_right(x, axis_name, n):
  return lax.ppermute(x, axis_name, [(i, (i + 1) % n) for i in range(n)])


def gpipe_forward(stage_fn, stage_params, microbatches, *, axis_name, num_stages):
  """Runs on one stage. microbatches: [num_micro, mb, d] (only stage 0 reads them)."""
  stage = lax.axis_index(axis_name)
  num_micro = microbatches.shape[0]
  state = jnp.zeros_like(microbatches[0])
  outputs = jnp.zeros_like(microbatches)

  def step(i, carry):
    state, outputs = carry
    inp = jnp.where(stage == 0, microbatches[i % num_micro], state)
    out = stage_fn(stage_params, inp)
    outputs = lax.dynamic_update_index_in_dim(outputs, out, (i - num_stages + 1) % num_micro, 0)
    state = _shift_right(out, axis_name, num_stages)
    return state, outputs

  _, outputs = lax.fori_loop(0, num_micro + num_stages - 1, step, (state, outputs))
  return outputs
