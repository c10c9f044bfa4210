import jax
from jax.sharding import NamedSharding, PartitionSpec as P


def make_shardings(n_devices):
    mesh = jax.make_mesh((n_devices,), ("batch",))
    return NamedSharding(mesh, P("batch")), NamedSharding(mesh, P())
