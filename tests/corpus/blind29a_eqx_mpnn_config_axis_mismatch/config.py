import dataclasses


@dataclasses.dataclass(frozen=True)
class ParallelConfig:
    edge_axis: str = "edges"
    num_devices: int = 4


@dataclasses.dataclass(frozen=True)
class ModelConfig:
    hidden: int = 32
    n_layers: int = 2
