"""Simulate the sharded solver on one device: vmap plays the role of the device axis."""
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax

from stencil import heat_step

NUM_SHARDS = 4


@partial(jax.jit, static_argnames="num_steps")
def simulate(u0, num_steps=16):
    step = jax.vmap(partial(heat_step, dt=0.1, axis_name="shards"))
    return lax.fori_loop(0, num_steps, lambda i, u: step(u), u0)


u0 = jnp.zeros((NUM_SHARDS, 32)).at[0, 0].set(1.0)
simulate.trace(u0).lower(lowering_platforms=("cuda",))
