import jax
import jax.numpy as jnp

from stages import pipeline_step

n = jax.local_device_count()
w = jnp.ones((n, 32, 32)) * 0.1
x = jnp.ones((n, 4, 32))
jax.jit(pipeline_step, static_argnums=2).trace(w, x, n).lower(lowering_platforms=("cuda",))
