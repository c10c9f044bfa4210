import jax
from jax import lax
from jax.sharding import PartitionSpec as P

AXIS = "fsdp"


def shard_spec(x, n_shards):
    """Shard the leading dim of every array that splits evenly; replicate the rest."""
    if x.ndim >= 1 and x.shape[0] % n_shards == 0:
        return P(AXIS)
    return P()


def make_specs(tree, n_shards):
    return jax.tree.map(lambda x: shard_spec(x, n_shards), tree)


def gather_params(params, specs):
    return jax.tree.map(
        lambda p, s: lax.all_gather(p, AXIS, axis=0, tiled=True) if s == P(AXIS) else p,
        params,
        specs,
    )
