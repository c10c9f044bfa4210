import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.remat, policy=jax.checkpoint_policies.nothing_saveable)
def block(x, w):
    full_w = jax.lax.all_gather(w, "fsdp", tiled=True)
    y = x @ full_w
    return jax.lax.psum_scatter(y, "fsdp", scatter_dimension=1, tiled=True)


def run(x, w):
    return jax.jit(block)(x, w)


ARGS = (jax.ShapeDtypeStruct((8, 64), jnp.float32), jax.ShapeDtypeStruct((64, 64), jnp.float32))
