import jax
import jax.numpy as jnp
from jax import lax


def cond(state):
    i, _ = state
    return i < lax.axis_size("workers")


def body(state):
    i, acc = state
    return i + 1, acc + lax.axis_index("workers")


def run(x):
    _, acc = lax.while_loop(cond, body, (0, x))
    return acc


ARGS = (jax.ShapeDtypeStruct((), jnp.int32),)
