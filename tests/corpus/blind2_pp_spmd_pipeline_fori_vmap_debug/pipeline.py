"""A GPipe-style SPMD pipeline: every stage runs the same loop; activations move to the next
stage with ppermute after each tick."""
import jax
import jax.numpy as jnp


def stage_fn(params, x):
    for w in params:
        x = jnp.tanh(x @ w)
    return x


def spmd_pipeline(fn, stage_params, inputs, *, axis_name, num_stages):
    stage = jax.lax.axis_index(axis_name)
    num_microbatches = inputs.shape[0]
    num_ticks = num_microbatches + num_stages - 1
    shift = [(i, (i + 1) % num_stages) for i in range(num_stages)]

    def tick(i, carry):
        state, outputs = carry
        state = jnp.where(stage == 0, inputs[i % num_microbatches], state)
        state = fn(stage_params, state)
        done = (i - num_stages + 1) % num_microbatches
        outputs = outputs.at[done].set(jnp.where(stage == num_stages - 1, state, outputs[done]))
        state = jax.lax.ppermute(state, axis_name, shift)
        return state, outputs

    state = jnp.zeros_like(inputs[0])
    outputs = jnp.zeros_like(inputs)
    _, outputs = jax.lax.fori_loop(0, num_ticks, tick, (state, outputs))
    return outputs
