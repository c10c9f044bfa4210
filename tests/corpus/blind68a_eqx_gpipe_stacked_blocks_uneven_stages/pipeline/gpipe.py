import jax
import jax.numpy as jnp
import equinox as eqx
from jax import lax

import config


def make_stage_fn(static):
    def run_stage(stage_params, x):
        def body(h, layer_params):
            block = eqx.combine(layer_params, static)
            return jax.vmap(block)(h), None

        h, _ = lax.scan(body, x, stage_params)
        return h

    return run_stage


def make_pipeline(static, num_stages):
    run_stage = make_stage_fn(static)
    perm = [(i, (i + 1) % num_stages) for i in range(num_stages)]

    def pipeline(stage_params, microbatches):
        stage = lax.axis_index(config.STAGE_AXIS)
        n_micro = microbatches.shape[0]
        carry = jnp.zeros_like(microbatches[0])
        outputs = jnp.zeros_like(microbatches)
        for t in range(n_micro + num_stages - 1):
            feed = microbatches[t] if t < n_micro else jnp.zeros_like(carry)
            h = run_stage(stage_params, jnp.where(stage == 0, feed, carry))
            done = t - (num_stages - 1)
            if done >= 0:
                outputs = outputs.at[done].set(
                    jnp.where(stage == num_stages - 1, h, outputs[done])
                )
            carry = lax.ppermute(h, config.STAGE_AXIS, perm)
        outputs = jnp.where(stage == num_stages - 1, outputs, 0.0)
        return lax.psum(outputs, config.STAGE_AXIS)

    return pipeline
