import dataclasses


@dataclasses.dataclass(frozen=True)
class ParallelConfig:
  data_axis: str = 'data'
  model_axis: str = 'model'
  dp: int = 2
  tp: int = 2


@dataclasses.dataclass(frozen=True)
class ModelConfig:
  d_model: int = 32
  d_ff: int = 128
  # name of the axis over which the row-parallel projection is reduced
  reduce_axis: str = 'tensor'
