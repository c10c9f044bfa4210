import dataclasses


@dataclasses.dataclass(frozen=True)
class Config:
  vocab_size: int = 512
  d_model: int = 128
  d_ff: int = 512
  num_layers: int = 8
  dropout_rate: float = 0.1
  stage_axis: str = 'stage'
