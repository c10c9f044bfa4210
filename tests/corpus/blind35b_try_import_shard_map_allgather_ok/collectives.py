from jax import lax as L


def gather_weights(w_shard, axis):
    return L.all_gather(w_shard, axis, tiled=True)


def mean_over(x, axis):
    return L.pmean(x, axis)
