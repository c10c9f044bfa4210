import jax
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P


def sync(grad_sync, mesh):
    return shard_map(grad_sync, mesh, P("data"), out_specs=P(), check_rep=False, auto={"model"})
