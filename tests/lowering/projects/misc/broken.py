import jax.numpy as jnp


def run(x)
    return jnp.sin(x)
