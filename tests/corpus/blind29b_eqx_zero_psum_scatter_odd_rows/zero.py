import jax

AXIS = "data"


def reduce_scatter(tree):
    return jax.tree.map(lambda g: jax.lax.psum_scatter(g, AXIS, scatter_dimension=0, tiled=True), tree)


def all_gather(tree):
    return jax.tree.map(lambda p: jax.lax.all_gather(p, AXIS, axis=0, tiled=True), tree)
