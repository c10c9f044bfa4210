from .layers import ColumnParallelLinear, ParallelMLP, RowParallelLinear
from .mappings import copy_to_tensor_parallel_region, reduce_from_tensor_parallel_region

__all__ = [
    "ColumnParallelLinear",
    "ParallelMLP",
    "RowParallelLinear",
    "copy_to_tensor_parallel_region",
    "reduce_from_tensor_parallel_region",
]
