import dataclasses


@dataclasses.dataclass
class TrainConfig:
  learning_rate: float = 0.05
  momentum: float = 0.9
  num_classes: int = 10
  bn_axis_name: str = 'batch'
  pmap_axis_name: str = 'devices'
