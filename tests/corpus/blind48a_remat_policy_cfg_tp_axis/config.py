import dataclasses


@dataclasses.dataclass(frozen=True)
class ParallelConfig:
    dp_axis: str = "data"
    tp_axis: str = "model"
    remat: bool = True
