import dataclasses


@dataclasses.dataclass(frozen=True)
class TrainerConfig:
  batch_size: int = 16
  microbatches: int = 4
  in_dim: int = 32
  hidden: int = 128
  depth: int = 3
  lr: float = 1e-3
  mesh_shape: tuple = (4, 1)
  batch_axis: str = "data"
  model_axis: str = "model"
