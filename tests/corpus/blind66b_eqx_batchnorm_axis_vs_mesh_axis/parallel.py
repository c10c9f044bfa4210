import jax
from jax.sharding import NamedSharding, PartitionSpec as P

DATA_AXIS = "data"


def shardings(mesh):
  data = NamedSharding(mesh, P(DATA_AXIS))
  replicated = NamedSharding(mesh, P())
  return data, replicated
