import dataclasses


@dataclasses.dataclass(frozen=True)
class ModelConfig:
  vocab: int = 8192
  d_model: int = 512
  d_ff: int = 2048
  n_heads: int = 8


@dataclasses.dataclass(frozen=True)
class TrainConfig:
  model: ModelConfig = ModelConfig()
  mesh_shape: tuple = (2, 2)
  mesh_axes: tuple = ("data", "model")
  batch_size: int = 16
  seq_len: int = 128
  learning_rate: float = 3e-4
  weight_decay: float = 0.1
