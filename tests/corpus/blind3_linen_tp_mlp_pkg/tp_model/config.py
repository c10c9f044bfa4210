import dataclasses


@dataclasses.dataclass(frozen=True)
class ModelConfig:
  d_model: int = 32
  d_ff: int = 64
  data_axis: str = 'data'
  tensor_axis: str = 'model'
  tp_size: int = 2
