import dataclasses


@dataclasses.dataclass(frozen=True)
class EnsembleConfig:
  num_members: int = 4
  hidden: int = 256
  num_outputs: int = 1
  input_dim: int = 32

  mesh_shape: tuple = (2, 2)
  ensemble_axis: str = "ensemble"
  data_axis: str = "data"

  batch_size: int = 64
  learning_rate: float = 1e-3

  @property
  def mesh_axes(self):
    return (self.ensemble_axis, self.data_axis)

  @property
  def logical_axis_rules(self):
    return (("members", self.ensemble_axis),
            ("batch", self.data_axis),
            ("features", None),
            ("hidden", None))
