import jax
from jax.sharding import AxisType

DATA = "data"


def make_data_mesh(n=None):
    n = n or len(jax.devices())
    return jax.make_mesh((n,), (DATA,), axis_types=(AxisType.Explicit,))
