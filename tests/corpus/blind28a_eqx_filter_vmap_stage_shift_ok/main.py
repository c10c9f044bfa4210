"""Simulated pipeline: stacked Equinox stages are vmapped with a named axis, and each stage
passes its output to the next with ppermute over that axis (no devices needed)."""
import functools

import equinox as eqx
import jax
import jax.numpy as jnp

STAGES, D = 4, 32
ROTATE = [(i, (i + 1) % STAGES) for i in range(STAGES)]


class Stage(eqx.Module):
    w: jax.Array
    b: jax.Array

    def __init__(self, key):
        self.w = jax.random.normal(key, (D, D)) / D**0.5
        self.b = jnp.zeros((D,))

    def __call__(self, x):
        return jax.nn.relu(x @ self.w + self.b)


@eqx.filter_vmap
def make_stages(key):
    return Stage(key)


stages = make_stages(jax.random.split(jax.random.key(0), STAGES))


def tick(stage, state):
    out = stage(state)
    return jax.lax.ppermute(out, "stage", perm=ROTATE)


@jax.jit
def pipeline(stages, states):
    step = eqx.filter_vmap(tick, axis_name="stage")
    for _ in range(STAGES):
        states = step(stages, states)
    return states


states = jnp.ones((STAGES, 8, D))
lowered = pipeline.trace(stages, states).lower(lowering_platforms=("cuda",))
print("lowered")
