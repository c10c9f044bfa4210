import jax
from jax.sharding import AxisType


def make_training_mesh(dp, tp):
  return jax.make_mesh((dp, tp), ('data', 'model'),
                       axis_types=(AxisType.Auto,) * 2)
