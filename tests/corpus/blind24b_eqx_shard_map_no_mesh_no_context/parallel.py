import jax
from jax.sharding import PartitionSpec as P


def data_parallel(fn, axis="batch"):
    """Wrap a per-device step: replicated model, batch split over `axis`, outputs averaged."""
    def step(params, x, y):
        out = fn(params, x, y)
        return jax.tree_util.tree_map(lambda a: jax.lax.pmean(a, axis), out)

    return jax.shard_map(step, in_specs=(P(), P(axis), P(axis)), out_specs=P())
