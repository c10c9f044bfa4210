import dataclasses


@dataclasses.dataclass(frozen=True)
class TrainConfig:
  learning_rate: float = 3e-3
  grad_reduce: str = "pmean"
  reduce_axes: tuple = ("data", "fsdp")
