import dataclasses


@dataclasses.dataclass(frozen=True)
class MoEConfig:
  d_model: int = 16
  num_experts: int = 4
  capacity: int = 2
  expert_axis: str = 'expert'
