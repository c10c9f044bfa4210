import jax
from jax.sharding import AxisType

DATA = "data"


def make_data_mesh(n=None, explicit=False):
    n = n or len(jax.devices())
    kind = AxisType.Explicit if explicit else AxisType.Auto
    return jax.make_mesh((n,), (DATA,), axis_types=(kind,))
