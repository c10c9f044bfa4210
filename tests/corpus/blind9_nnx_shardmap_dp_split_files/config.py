import dataclasses


@dataclasses.dataclass(frozen=True)
class ParallelConfig:
  data_axis: str = 'data'
  model_axis: str = 'model'
  mesh_shape: tuple = (2, 2)
