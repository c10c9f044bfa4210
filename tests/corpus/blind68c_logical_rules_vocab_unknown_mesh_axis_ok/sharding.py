"""Logical -> physical axis mapping, MaxText style."""
import jax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P
from jax.experimental import mesh_utils

MESH_AXES = ("data", "model")

# (logical name, mesh axis)
LOGICAL_AXIS_RULES = (
    ("batch", "data"),
    ("length", None),
    ("embed", None),
    ("mlp", "model"),
    ("heads", "model"),
    ("kv", None),
    ("vocab", "model"),
)


def create_mesh(shape=(2, 2)):
  devices = mesh_utils.create_device_mesh(shape, jax.devices())
  return Mesh(devices, MESH_AXES)


def logical_to_mesh_axes(names, rules=LOGICAL_AXIS_RULES):
  table = dict(rules)
  return P(*(table.get(n) if n is not None else None for n in names))


def named(mesh, names):
  return NamedSharding(mesh, logical_to_mesh_axes(names))


def shard(x, names, mesh):
  """Annotate an activation with logical axis names."""
  return jax.lax.with_sharding_constraint(x, named(mesh, names))
