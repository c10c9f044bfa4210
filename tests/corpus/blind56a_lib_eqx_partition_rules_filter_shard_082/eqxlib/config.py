from dataclasses import dataclass


@dataclass(frozen=True)
class RunConfig:
  vocab: int = 4096
  dim: int = 256
  hidden: int = 1024
  depth: int = 2
  batch: int = 32
  lr: float = 1e-3
