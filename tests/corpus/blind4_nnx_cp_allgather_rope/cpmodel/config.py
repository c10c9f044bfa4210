from dataclasses import dataclass


@dataclass(frozen=True)
class CPConfig:
  vocab: int = 128
  dim: int = 32
  heads: int = 4
  layers: int = 2
  # mesh axis the sequence is split over
  context_axis: str = 'context'
  rope_theta: float = 10_000.0
