from .layers import ColumnParallelLinear, RowParallelLinear, ParallelLinearBase
