"""Experiment configuration."""
import dataclasses
from typing import Sequence, Tuple


@dataclasses.dataclass
class Config:
  # mesh
  mesh_shape: Tuple[int, ...] = (2, 1, 2)
  mesh_axes: Tuple[str, ...] = ("data", "fsdp", "tensor")
  # model
  vocab_size: int = 512
  d_model: int = 128
  d_ff: int = 512
  num_layers: int = 2
  # training
  batch_size: int = 8
  seq_len: int = 64
  learning_rate: float = 3e-4
  # logical axis name -> mesh axis name
  logical_axis_rules: Sequence[Tuple[str, object]] = (
      ("batch", "data"),
      ("length", None),
      ("embed", "fsdp"),
      ("mlp", "model"),
      ("vocab", "model"),
  )


def get_config(**overrides) -> Config:
  return dataclasses.replace(Config(), **overrides)
