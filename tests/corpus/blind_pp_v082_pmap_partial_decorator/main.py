"""Pipeline shift under a pmap decorator (functools.partial(jax.pmap, axis_name=...)), JAX 0.8.2."""
from functools import partial

import jax
import jax.numpy as jnp

PERM = [(0, 1), (1, 2), (2, 3)]


@partial(jax.pmap, axis_name="pp")
def shift(x):
    tok = jax.lax.psend(x, "pp", PERM)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), "pp", PERM)


jax.jit(shift).trace(jax.ShapeDtypeStruct((4, 16, 64), jnp.float32)).lower(lowering_platforms=("cuda",))
