"""Model and training hyper-parameters (lm1b-style dataclasses)."""
import dataclasses


@dataclasses.dataclass(frozen=True)
class ModelConfig:
  vocab_size: int = 256
  num_layers: int = 2
  embed_dim: int = 64
  num_heads: int = 4
  head_dim: int = 16
  mlp_dim: int = 128
  rope_max_wavelength: float = 10_000.0
  remat_policy: str = 'nothing_saveable'
  # logical -> mesh axis names used in the sharding annotations
  data_axis: str = 'data'
  model_axis: str = 'model'


@dataclasses.dataclass(frozen=True)
class TrainConfig:
  learning_rate: float = 3e-4
  weight_decay: float = 0.1
  batch_size: int = 8
  seq_len: int = 32
  label_smoothing: float = 0.0
