import dataclasses


@dataclasses.dataclass(frozen=True)
class ModelConfig:
  d_model: int = 32
  d_ff: int = 128
  num_layers: int = 3
  tp_axis: str = 'tp'
