import jax

DATA = "data"


def all_reduce(x, axis=DATA):
    return jax.lax.psum(x, axis)
