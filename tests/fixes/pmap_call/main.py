import jax
import jax.numpy as jnp

PERM = [(0, 1), (1, 2), (2, 3)]


def exchange(v):
    tok = jax.lax.psend(v, "i", PERM)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(v.shape, v.dtype), "i", PERM)


step = jax.pmap(exchange, axis_name="i", in_axes=(0,))
step.lower(jnp.ones((4, 16)))
