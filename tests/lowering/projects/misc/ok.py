import jax.numpy as jnp


def run(x):
    return jnp.sin(x) * 2.0


ARGS = (jnp.zeros((4, 4)),)
NOT_A_TUPLE = 3
BAD_LEAF = (jnp.zeros(3), "text")


def make_args():
    return (jnp.ones(4),)


def failing_args():
    return (jnp.ones(4), 1 / 0)


def stop(x):
    raise NotImplementedError("not this one")
