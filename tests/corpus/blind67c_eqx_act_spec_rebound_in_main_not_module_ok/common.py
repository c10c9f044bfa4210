import jax
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = None
ACT_SPEC = P("dp", "tp")


def set_mesh(mesh):
  global MESH
  MESH = mesh


def constrain(h):
  return jax.lax.with_sharding_constraint(h, NamedSharding(MESH, ACT_SPEC))
