import jax.numpy as jnp
from jax import lax

AXIS = "data"


def batch_moments(h, distributed):
    mean = jnp.mean(h, axis=0)
    sq = jnp.mean(h * h, axis=0)
    # average the moments over replicas only when running data-parallel
    if distributed:
        mean, sq = lax.pmean(mean, AXIS), lax.pmean(sq, AXIS)
    return mean, sq - mean * mean
