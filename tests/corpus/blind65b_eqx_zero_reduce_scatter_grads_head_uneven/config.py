from dataclasses import dataclass


@dataclass
class Config:
  in_features: int = 784
  hidden: tuple = (512, 256)
  num_classes: int = 10
  batch_size: int = 64
  lr: float = 1e-3
  axis: str = "data"
