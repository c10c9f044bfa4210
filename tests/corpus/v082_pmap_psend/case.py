import jax
import jax.numpy as jnp

RING = [(0, 1), (1, 2), (2, 3), (3, 0)]


def hop(x):
    tok = jax.lax.psend(x, "d", RING)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), "d", RING)


def run(xs):
    return jax.pmap(hop, axis_name="d")(xs)


ARGS = (jax.ShapeDtypeStruct((4, 16), jnp.float32),)
