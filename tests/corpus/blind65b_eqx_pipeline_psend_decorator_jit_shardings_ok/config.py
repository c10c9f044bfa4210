from dataclasses import dataclass


@dataclass(frozen=True)
class PipeConfig:
  num_stages: int = 4
  d_model: int = 256
  microbatch: int = 16
  pp_axis: str = "pp"
