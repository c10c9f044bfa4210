"""Smoke test for the stage loop: take stage 0's weights and lower the loop for GPU before
launching the multi-device job."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr

from pipeline import make_stages, run_stages

NUM_STAGES = 4
stages = make_stages(NUM_STAGES, 32, axis_name="stage", key=jr.PRNGKey(0))
first = jax.tree.map(lambda a: a[0] if eqx.is_array(a) else a, stages)
params, static = eqx.partition(first, eqx.is_array)


@jax.jit
def smoke(params, h):
    return run_stages(eqx.combine(params, static), h, NUM_STAGES)


smoke.trace(params, jnp.ones((8, 32))).lower(lowering_platforms=("cuda",))
