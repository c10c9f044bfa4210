import jax
from jax.sharding import AxisType

DATA, MODEL = "data", "model"


def make_mesh(dp=2, tp=2):
  return jax.make_mesh((dp, tp), (DATA, MODEL), axis_types=(AxisType.Auto,) * 2)
