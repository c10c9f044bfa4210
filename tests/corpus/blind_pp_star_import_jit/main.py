import jax
import jax.numpy as jnp

from p2p import *

AXIS = "stage"


@jax.jit
def forward(w, x):
    h = jnp.maximum(x @ w, 0.0)
    return recv_left(send_right(h, AXIS), h, AXIS)


forward.trace(jax.ShapeDtypeStruct((64, 64), jnp.float32),
              jax.ShapeDtypeStruct((32, 64), jnp.float32)).lower(lowering_platforms=("cuda",))
