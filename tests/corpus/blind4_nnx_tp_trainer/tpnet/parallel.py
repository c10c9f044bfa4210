"""Megatron-style helpers: the tensor-parallel axis name travels in a config object."""
import dataclasses

from jax import lax as L


@dataclasses.dataclass(frozen=True)
class ParallelConfig:
  data_axis: str = 'data'
  tensor_axis: str = 'tensor'
  dp: int = 2
  tp: int = 2

  @property
  def mesh_axes(self):
    return (self.data_axis, self.tensor_axis)

  @property
  def mesh_shape(self):
    return (self.dp, self.tp)


def reduce_from_tensor_parallel(x, pcfg: ParallelConfig):
  """All-reduce the partial sums of a row-parallel matmul."""
  return L.psum(x, pcfg.tensor_axis)


def mean_over_data(tree, pcfg: ParallelConfig):
  return L.pmean(tree, axis_name=pcfg.data_axis)
