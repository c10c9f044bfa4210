import dataclasses


@dataclasses.dataclass(frozen=True)
class ParallelConfig:
  data_axis: str = 'data'
  tensor_axis: str = 'tensor'
  hidden: int = 64
  intermediate: int = 256
