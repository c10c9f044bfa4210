import dataclasses


@dataclasses.dataclass(frozen=True)
class ParallelConfig:
  pipeline_axis: str = 'pipeline'
  n_stages: int = 4
  d_model: int = 64
