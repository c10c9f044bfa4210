import equinox as eqx
import jax
from jax import lax
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
    # Average the per-replica gradients (ported from the old pmap train loop).
    grads = jax.tree.map(lambda g: lax.pmean(g, axis_name=BATCH_AXIS), grads)
    return eqx.filter_shard(grads, replicated)
