import equinox as eqx
import jax
from jax.sharding import NamedSharding, PartitionSpec as P

BATCH_AXIS = "batch"


def make_shardings():
    num_devices = len(jax.devices())
    mesh = jax.make_mesh((num_devices,), (BATCH_AXIS,))
    data = NamedSharding(mesh, P(BATCH_AXIS))
    replicated = NamedSharding(mesh, P())
    return mesh, data, replicated


def shard_batch(batch, data_sharding):
    return eqx.filter_shard(batch, data_sharding)


def sync_grads(grads, replicated):
    # Under automatic partitioning XLA inserts the all-reduce; we only pin the layout.
    return eqx.filter_shard(grads, replicated)
