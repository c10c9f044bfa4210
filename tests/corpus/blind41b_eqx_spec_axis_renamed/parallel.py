"""Sharding helpers shared by the training scripts."""
import jax
from jax.sharding import NamedSharding, PartitionSpec as P

DATA_AXIS = "data"


def make_mesh():
    return jax.make_mesh((jax.device_count(),), ("dp",))


def data_sharding(mesh):
    return NamedSharding(mesh, P(DATA_AXIS))


def replicated(mesh):
    return NamedSharding(mesh, P())
