"""Ring shift under pmap on JAX 0.6.2 (ppermute has always worked under pmap)."""
import jax
import jax.numpy as jnp

n = jax.local_device_count()
RIGHT = [(i, (i + 1) % n) for i in range(n)]


def shift(x):
    return jax.lax.ppermute(x, "i", RIGHT)


jax.jit(jax.pmap(shift, axis_name="i")).trace(
    jax.ShapeDtypeStruct((n, 8), jnp.float32)).lower(lowering_platforms=("cuda",))
