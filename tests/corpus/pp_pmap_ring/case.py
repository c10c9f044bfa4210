import jax
import jax.numpy as jnp

RING = [(i, (i + 1) % 4) for i in range(4)]


def hop(x):
    tok = jax.lax.psend(x, "devices", RING)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), "devices", RING)


def run(x):
    return jax.pmap(hop, axis_name="devices")(x)


ARGS = (jax.ShapeDtypeStruct((4, 16), jnp.float32),)
