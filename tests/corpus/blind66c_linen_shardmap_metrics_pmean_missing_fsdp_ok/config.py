from dataclasses import dataclass


@dataclass
class Config:
  mesh_shape: tuple = (2, 2)
  mesh_axes: tuple = ("data", "fsdp")
  data_axis: str = "data"
  # the example axis of a batch is split over both mesh axes
  batch_axes: tuple = ("data", "fsdp")

  input_dim: int = 784
  hidden_sizes: tuple = (512, 256)
  num_classes: int = 10
  dropout_rate: float = 0.0

  batch_size: int = 128
  learning_rate: float = 1e-3
