from dataclasses import dataclass


@dataclass(frozen=True)
class ParallelConfig:
    seq_axis: str = "sp"
    num_seq_shards: int = 4
    head_dim: int = 16
