from .column import ColumnParallelLinear
from .row import RowParallelLinear

__all__ = ["ColumnParallelLinear", "RowParallelLinear"]
