import jax
import jax.numpy as jnp
from jax import lax

RING = [(0, 1), (1, 2), (2, 3)]


def shift_right(x, axis="stages"):
    """Send this stage's activations to the next stage and receive the previous one's."""
    token = lax.psend(x, axis, RING)
    return lax.precv(token, jax.ShapeDtypeStruct(x.shape, x.dtype), axis, RING)


def forward_stage(w, x):
    h = jnp.tanh(x @ w)
    return shift_right(h)
