"""Mesh and partitioning rules shared by the training scripts."""
import jax
from jax.sharding import AxisType, PartitionSpec as P

DATA_AXIS = 'data'
TENSOR_AXIS = 'tensor'


def create_mesh():
  return jax.make_mesh((2, 2), (DATA_AXIS, TENSOR_AXIS),
                       axis_types=(AxisType.Auto, AxisType.Auto))


def path_ends_with(*path_suffix):
  return lambda path, value: path[-len(path_suffix):] == path_suffix


COLUMN = P(None, TENSOR_AXIS)
ROW = P(TENSOR_AXIS, None)
