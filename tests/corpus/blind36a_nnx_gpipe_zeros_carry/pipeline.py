"""GPipe-style SPMD pipeline: every stage holds one layer, activations move right by ppermute."""
import jax
import jax.numpy as jnp
from jax import lax

AXIS = "stage"


def shift_right(x, num_stages):
    perm = [(i, (i + 1) % num_stages) for i in range(num_stages)]
    return lax.ppermute(x, AXIS, perm)


def spmd_pipeline(stage_fn, inputs, num_stages):
    """inputs: (microbatches_per_stage, B, D) on each stage; they rotate through stage 0."""
    stage = lax.axis_index(AXIS)
    mb = inputs.shape[0]
    total = mb * num_stages + num_stages - 1
    state = jnp.zeros((inputs.shape[1], inputs.shape[2]), inputs.dtype)
    outputs = jnp.zeros_like(inputs)

    def body(i, carry):
        state, inputs, outputs = carry
        state = jnp.where(stage == 0, inputs[i % mb], state)
        state = stage_fn(state)
        out_idx = (i - num_stages + 1) % mb
        outputs = outputs.at[out_idx].set(
            jnp.where(stage == num_stages - 1, state, outputs[out_idx]))
        state = shift_right(state, num_stages)
        inputs = jnp.where((i % mb) == mb - 1, shift_right(inputs, num_stages), inputs)
        outputs = jnp.where((i - num_stages + 1) % mb == mb - 1,
                            shift_right(outputs, num_stages), outputs)
        return state, inputs, outputs

    _, _, outputs = lax.fori_loop(0, total, body, (state, inputs, outputs))
    return outputs
