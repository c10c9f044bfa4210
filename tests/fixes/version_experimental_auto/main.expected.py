import jax
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P


def sync(grad_sync, mesh):
    return jax.shard_map(grad_sync, mesh=mesh, in_specs=P("data"), out_specs=P(), check_vma=False, axis_names=frozenset(mesh.axis_names) - {"model"})
