import jax.numpy as jnp
from jax import lax as L

DATA_AXIS = "data"


def cross_replica_center(x, axis_name=DATA_AXIS):
    # subtract the global batch mean, averaged over data-parallel shards
    mu = L.pmean(jnp.mean(x, axis=0, keepdims=True), axis_name)
    return x - mu
