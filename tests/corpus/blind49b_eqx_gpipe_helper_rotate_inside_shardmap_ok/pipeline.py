import jax
import jax.numpy as jnp
from jax import lax

STAGE_AXIS = "stage"


def shift_right(x, num_stages):
    perm = [(i, (i + 1) % num_stages) for i in range(num_stages)]
    return lax.ppermute(x, STAGE_AXIS, perm)


def rotate_outputs(outputs, num_stages):
    """Move the last stage's finished microbatches to stage 0."""
    return shift_right(outputs, num_stages)


def spmd_pipeline(fn, stage_params, inputs, num_stages):
    stage = lax.axis_index(STAGE_AXIS)
    num_microbatches = inputs.shape[0]
    outputs = jnp.zeros_like(inputs) * jnp.nan
    state = jnp.zeros_like(inputs[0]) * jnp.nan
    for i in range(num_microbatches + num_stages - 1):
        state = shift_right(state, num_stages)
        state = jnp.where(stage == 0, inputs[i % num_microbatches], state)
        state = fn(stage_params, state)
        j = (i - num_stages + 1) % num_microbatches
        outputs = outputs.at[j].set(jnp.where(stage == num_stages - 1, state, outputs[j]))
    return outputs
