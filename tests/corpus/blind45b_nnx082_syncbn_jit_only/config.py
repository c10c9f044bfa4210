import dataclasses


@dataclasses.dataclass(frozen=True)
class Config:
    dp_axis: str | None = "data"
    num_devices: int = 4
    features: int = 32
    batch_size: int = 32
    lr: float = 0.1
