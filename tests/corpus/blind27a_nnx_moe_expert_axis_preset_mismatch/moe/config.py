from dataclasses import dataclass


@dataclass(frozen=True)
class MoEConfig:
  d_model: int = 64
  d_ff: int = 128
  num_experts: int = 4
  capacity_factor: float = 2.0
  data_axis: str = "data"
  expert_axis: str = "expert"
  mesh_shape: tuple = (2, 2)
  batch: int = 8
  seq: int = 16
