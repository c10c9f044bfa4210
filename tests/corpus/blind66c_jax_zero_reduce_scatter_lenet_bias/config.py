from dataclasses import dataclass, field


@dataclass
class Config:
  layer_sizes: tuple = (784, 300, 100, 10)
  mesh_shape: tuple = (4,)
  mesh_axes: tuple = ("data",)
  data_axis: str = "data"
  batch_size: int = 256
  learning_rate: float = 0.1
  weight_decay: float = 1e-4
