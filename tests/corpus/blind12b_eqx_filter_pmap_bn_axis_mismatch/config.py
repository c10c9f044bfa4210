import dataclasses


@dataclasses.dataclass(frozen=True)
class ParallelConfig:
  data_axis: str = 'device'
  norm_axis: str = 'batch'
  hidden: int = 32
