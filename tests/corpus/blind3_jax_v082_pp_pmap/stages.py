from functools import partial

import jax
import jax.numpy as jnp

AXIS = "stages"


def shift_forward(x, n):
    """Stage i hands its activation to stage i + 1 (the last stage's result is dropped)."""
    perm = [(i, i + 1) for i in range(n - 1)]
    tok = jax.lax.psend(x, AXIS, perm)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), AXIS, perm)


@partial(jax.pmap, axis_name=AXIS, static_broadcasted_argnums=2)
def pipeline_step(w, x, n):
    y = jax.nn.relu(x @ w)
    return shift_forward(y, n)
