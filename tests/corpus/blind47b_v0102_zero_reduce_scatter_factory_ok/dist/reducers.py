import jax


def make_grad_reducer(axis_name, scatter_dimension=0):
    """Returns g -> this shard's slice of sum_over_axis(g)."""

    def reduce(g):
        return jax.lax.psum_scatter(g, axis_name, scatter_dimension=scatter_dimension, tiled=True)

    return reduce


def make_param_gatherer(axis_name):
    def gather(p):
        return jax.lax.all_gather(p, axis_name, tiled=True)

    return gather
