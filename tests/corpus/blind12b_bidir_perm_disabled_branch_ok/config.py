from dataclasses import dataclass


@dataclass
class RingConfig:
  axis: str = 'ring'
  bidirectional: bool = False
