import jax
from jax import lax as L

DP_AXIS = "dp"


def sync_grads(grads, axis=DP_AXIS):
    return jax.tree.map(lambda g: L.pmean(g, axis), grads)


def global_mean(x, axis=DP_AXIS):
    return L.pmean(x, axis)
