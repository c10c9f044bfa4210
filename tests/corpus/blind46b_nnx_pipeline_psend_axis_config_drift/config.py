from dataclasses import dataclass


@dataclass(frozen=True)
class ParallelConfig:
  pipeline_axis: str = 'pipe'
  num_stages: int = 4
  num_microbatches: int = 8


CONFIG = ParallelConfig()
