from dataclasses import dataclass


@dataclass(frozen=True)
class TrainConfig:
    lr: float = 1e-3
    width: int = 16
    depth: int = 2
    per_device_batch: int = 8
    data_axis: str = "data"


CFG = TrainConfig()
