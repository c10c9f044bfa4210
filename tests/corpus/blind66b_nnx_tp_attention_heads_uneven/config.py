import dataclasses


@dataclasses.dataclass(frozen=True)
class ModelConfig:
  d_model: int = 384
  num_heads: int = 6
  head_dim: int = 64
  seq_len: int = 128
  batch_size: int = 8


CONFIG = ModelConfig()
