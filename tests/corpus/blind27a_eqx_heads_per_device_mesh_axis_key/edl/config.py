from dataclasses import dataclass, field


@dataclass(frozen=True)
class ShardingConfig:
  axis_dims: tuple = (1, 2, 2)
  axis_names: tuple = ("dp", "fsdp", "mp")


@dataclass(frozen=True)
class ModelConfig:
  hidden: int = 64
  num_heads: int = 8
  tp_axis: str = "tp"      # name used by the upstream (torch) checkpoint converter
  sharding: ShardingConfig = field(default_factory=ShardingConfig)
