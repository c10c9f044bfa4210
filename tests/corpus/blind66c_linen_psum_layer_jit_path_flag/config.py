import dataclasses


@dataclasses.dataclass(frozen=True)
class Config:
  mesh_shape: tuple = (2, 2)
  data_axis: str = "data"
  tp_axis: str = "tensor"

  d_model: int = 256
  num_heads: int = 8
  head_dim: int = 32
  seq_len: int = 64
  global_batch: int = 8

  @property
  def mesh_axes(self):
    return (self.data_axis, self.tp_axis)
