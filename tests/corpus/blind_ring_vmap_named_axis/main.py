"""Simulating a 4-device ring on one device: vmap(axis_name="ring") over the shards, ppermute
over the vmapped axis."""
import jax
import jax.numpy as jnp

RIGHT = [(i, (i + 1) % 4) for i in range(4)]


def shift(x):
    return jax.lax.ppermute(x, "ring", RIGHT)


sim = jax.jit(jax.vmap(shift, axis_name="ring"))
sim.trace(jax.ShapeDtypeStruct((4, 8), jnp.float32)).lower(lowering_platforms=("cuda",))
