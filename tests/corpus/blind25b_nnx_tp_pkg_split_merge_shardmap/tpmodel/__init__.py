from .layers import ColumnParallelLinear, RowParallelLinear, ParallelMLP
