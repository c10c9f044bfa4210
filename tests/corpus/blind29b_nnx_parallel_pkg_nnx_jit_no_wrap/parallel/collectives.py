import jax
from jax import lax as L

__all__ = ["all_reduce_mean"]


def all_reduce_mean(tree, axis_name):
    return jax.tree.map(lambda t: L.pmean(t, axis_name), tree)
