import dataclasses


@dataclasses.dataclass(frozen=True)
class MoEConfig:
  d_model: int = 64
  d_ff: int = 128
  num_experts: int = 8
  capacity_factor: float = 1.25

  mesh_shape: tuple = (1, 4)
  data_axis: str = "data"
  expert_axis: str = "expert"

  batch_size: int = 8
  seq_len: int = 16

  @property
  def mesh_axes(self):
    return (self.data_axis, self.expert_axis)

  @property
  def token_axes(self):
    return (self.data_axis, self.expert_axis)
