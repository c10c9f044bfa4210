import dataclasses


@dataclasses.dataclass(frozen=True)
class MeshConfig:
  shape: tuple = (2, 2)
  data_axis: str = "data"
  tensor_axis: str = "tensor"

  @property
  def axis_names(self):
    return (self.data_axis, self.tensor_axis)


@dataclasses.dataclass(frozen=True)
class ModelConfig:
  name: str = "tp_mlp"
  d_model: int = 64
  d_ff: int = 256
  num_layers: int = 2
  # axis over which the row-parallel partial sums are reduced
  tp_axis: str = "model"
