import jax.numpy as jnp
from jax import lax

BATCH_AXIS = "batch"


def batch_norm(x, scale, bias, eps=1e-5):
    mean = lax.pmean(x, BATCH_AXIS)
    var = lax.pmean(jnp.square(x - mean), BATCH_AXIS)
    return (x - mean) * lax.rsqrt(var + eps) * scale + bias
