import dataclasses


@dataclasses.dataclass(frozen=True)
class ParallelConfig:
  mesh_shape: tuple = (2, 2)
  data_axis: str = "data"
  seq_axis: str = "seq"

  @property
  def mesh_axes(self):
    return (self.data_axis, self.seq_axis)
