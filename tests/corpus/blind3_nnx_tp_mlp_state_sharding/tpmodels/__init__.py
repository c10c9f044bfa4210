from .layers import ColumnParallelLinear, RowParallelLinear
from .mlp import ParallelMLP

__all__ = ["ColumnParallelLinear", "RowParallelLinear", "ParallelMLP"]
