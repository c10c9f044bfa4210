import dataclasses


@dataclasses.dataclass(frozen=True)
class ModelConfig:
  d_model: int = 32
  d_ff: int = 128
  reduce_axis: str = 'tensor'
