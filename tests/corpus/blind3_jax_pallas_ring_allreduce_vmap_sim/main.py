import jax
import jax.numpy as jnp

from tpu_ops.testing import simulated_all_reduce

NUM_DEVICES = 4
x = jnp.ones((NUM_DEVICES, 8, 128), jnp.float32)
jax.jit(simulated_all_reduce, static_argnums=(1, 2)).trace(x, "ici", NUM_DEVICES).lower(
    lowering_platforms=("tpu",))
