from dataclasses import dataclass


@dataclass(frozen=True)
class MoEConfig:
  d_model: int = 32
  d_hidden: int = 64
  num_experts: int = 6
  expert_axis: str = "expert"
