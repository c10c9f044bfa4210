from dataclasses import dataclass, field


@dataclass(frozen=True)
class TrainConfig:
  mesh_shape: tuple = (4, 1)
  mesh_axis_names: tuple = ("data", "model")
  data_axis: str = "data"
  num_classes: int = 10
  features: tuple = (32, 64)
  dense_features: int = 256
  image_size: int = 32
  learning_rate: float = 0.1
  momentum: float = 0.9


def default_config():
  return TrainConfig()
