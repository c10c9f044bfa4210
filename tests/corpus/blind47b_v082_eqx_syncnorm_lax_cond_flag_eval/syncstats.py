import jax.numpy as jnp
from jax import lax

AXIS = "data"


def batch_moments(h, distributed):
    mean = jnp.mean(h, axis=0)
    sq = jnp.mean(h * h, axis=0)
    # average the moments over replicas only when running data-parallel
    mean, sq = lax.cond(
        distributed,
        lambda ms: (lax.pmean(ms[0], AXIS), lax.pmean(ms[1], AXIS)),
        lambda ms: ms,
        (mean, sq),
    )
    return mean, sq - mean * mean
