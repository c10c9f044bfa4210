import dataclasses


@dataclasses.dataclass(frozen=True)
class ModelConfig:
  vocab_size: int = 50257  # GPT-2 BPE
  d_model: int = 256
  d_ff: int = 1024
  num_layers: int = 2


@dataclasses.dataclass(frozen=True)
class TrainConfig:
  model: ModelConfig = ModelConfig()
  mesh_shape: tuple = (2, 2)
  mesh_axes: tuple = ("data", "model")
  batch_size: int = 8
  seq_len: int = 128
  learning_rate: float = 3e-4
  weight_decay: float = 0.1
