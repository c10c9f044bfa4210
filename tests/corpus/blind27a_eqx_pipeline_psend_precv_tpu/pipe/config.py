from dataclasses import dataclass


@dataclass(frozen=True)
class PipeConfig:
  num_stages: int = 4
  width: int = 64
  microbatch: int = 8
  stage_axis: str = "pp"
