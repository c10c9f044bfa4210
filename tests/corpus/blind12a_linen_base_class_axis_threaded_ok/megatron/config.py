from dataclasses import dataclass


@dataclass(frozen=True)
class TPConfig:
  dim: int = 64
  heads: int = 4
  mlp_ratio: int = 4
  tp_axis: str = "model"
  dp_axis: str = "data"
