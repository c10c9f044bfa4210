import dataclasses


@dataclasses.dataclass
class Config:
  model_parallelism: int = 1
  batch_size: int = 16
  hidden: int = 64
  depth: int = 2
  learning_rate: float = 1e-3


def get_config():
  config = Config()
  config.model_parallelism = 1
  config.batch_size = 6  # 3 hosts x 2 examples, from the GPU run config
  config.hidden = 64
  config.depth = 2
  config.learning_rate = 1e-3
  return config
