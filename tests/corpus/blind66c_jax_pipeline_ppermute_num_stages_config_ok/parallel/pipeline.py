import functools

import jax.numpy as jnp
from jax import lax
from jax.lax import ppermute as send


def spmd_pipeline(fn, stage_params, inputs, *, axis_name, num_stages):
  """inputs: [num_microbatches, mb, d], identical on every stage. Returns the last
  stage's outputs, summed onto every stage."""
  stage = lax.axis_index(axis_name)
  num_microbatches = inputs.shape[0]
  shift = functools.partial(send, axis_name=axis_name,
                            perm=[(i, (i + 1) % num_stages) for i in range(num_stages)])

  state = jnp.zeros_like(inputs[0])
  outputs = jnp.zeros_like(inputs)
  for t in range(num_microbatches + num_stages - 1):
    state = jnp.where(stage == 0, inputs[t % num_microbatches], state)
    state = fn(stage_params, state)
    j = (t - num_stages + 1) % num_microbatches
    outputs = outputs.at[j].set(jnp.where(stage == num_stages - 1, state, outputs[j]))
    state = shift(state)
  return lax.psum(outputs, axis_name)
