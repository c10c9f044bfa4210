from dataclasses import dataclass


@dataclass(frozen=True)
class TrainerConfig:
  pp_axis: str = "pipe"
  d_model: int = 32
  num_microbatches: int = 2
