import jax
import jax.numpy as jnp

from engine.runner import make_runner

STEP = make_runner("rows")


def run(grid):
    return STEP(grid)


ARGS = (jax.ShapeDtypeStruct((64, 64), jnp.float32),)
