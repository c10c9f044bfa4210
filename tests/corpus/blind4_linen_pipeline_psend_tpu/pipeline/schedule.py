"""GPipe forward schedule: stage s works on microbatch t - s at tick t."""
import jax
import jax.numpy as jnp
from jax import lax

from .comm import shift_to_next_stage


def gpipe_forward(stage_fn, stage_params, microbatches, *, axis_name, num_stages):
  num_micro = microbatches.shape[0]
  stage = lax.axis_index(axis_name)
  state = jnp.zeros_like(microbatches[0])
  outputs = jnp.zeros_like(microbatches)
  for t in range(num_micro + num_stages - 1):
    inp = jnp.where(stage == 0, microbatches[min(t, num_micro - 1)], state)
    out = stage_fn(stage_params, inp)
    done = t - (num_stages - 1)
    if done >= 0:
      outputs = outputs.at[done].set(jnp.where(stage == num_stages - 1, out, outputs[done]))
    state = shift_to_next_stage(out, axis_name, num_stages)
  return outputs
