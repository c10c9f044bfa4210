import os

import jax
import jax.numpy as jnp

DP_AXIS = os.environ.get("DP_AXIS", "data")


def all_mean(x, axis=DP_AXIS):
    return jax.lax.pmean(x, axis)


def run(x):
    return all_mean(x)


ARGS = (jax.ShapeDtypeStruct((8,), jnp.float32),)
