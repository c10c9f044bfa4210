import dataclasses


@dataclasses.dataclass(frozen=True)
class ModelConfig:
  features: int = 16
  hidden: int = 32
  classes: int = 5
  batch_axis: str = 'examples'
