from .layers import ColumnParallelDense, RowParallelDense
from .mlp import mlp_block

__all__ = ["ColumnParallelDense", "RowParallelDense", "mlp_block"]
