import dataclasses


@dataclasses.dataclass(frozen=True)
class ParallelConfig:
  batch_axis: str = 'batch'
  ensemble_axis: str = 'ensemble'
  n_members: int = 4
