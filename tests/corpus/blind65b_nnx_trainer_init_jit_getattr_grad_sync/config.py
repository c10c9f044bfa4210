from dataclasses import dataclass


@dataclass
class TrainConfig:
  learning_rate: float = 0.05
  batch_size: int = 32
  data_axis: str = "data"
  # how gradients are combined across data-parallel replicas:
  #   "pmean"    -> explicit all-reduce of the gradients
  #   "implicit" -> rely on the batch sharding (GSPMD inserts the reduction)
  grad_sync: str = "pmean"
