import equinox as eqx
import jax
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec


def make_shardings(axis="batch"):
    devices = np.array(jax.devices())
    mesh = Mesh(devices, (axis,))
    return NamedSharding(mesh, PartitionSpec()), NamedSharding(mesh, PartitionSpec(axis))


def shard_batch(batch, sharding):
    return eqx.filter_shard(batch, sharding)
