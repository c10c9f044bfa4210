import dataclasses


@dataclasses.dataclass(frozen=True)
class TrainerConfig:
  batch_size: int = 18   # 3 microbatches of 6 sequences
  microbatches: int = 3
  in_dim: int = 32
  hidden: int = 128
  depth: int = 3
  lr: float = 1e-3
  mesh_shape: tuple = (4, 1)
  batch_axis: str = "data"
  model_axis: str = "model"
