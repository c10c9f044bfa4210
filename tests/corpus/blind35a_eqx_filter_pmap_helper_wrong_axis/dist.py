import jax
from jax import lax as L


def all_reduce_mean(tree, axis_name="batch"):
    return jax.tree_util.tree_map(lambda g: L.pmean(g, axis_name), tree)
