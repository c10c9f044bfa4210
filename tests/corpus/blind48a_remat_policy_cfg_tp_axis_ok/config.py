import dataclasses


@dataclasses.dataclass(frozen=True)
class ParallelConfig:
    dp_axis: str = "data"
    tp_axis: str = "tensor"
    remat: bool = True
