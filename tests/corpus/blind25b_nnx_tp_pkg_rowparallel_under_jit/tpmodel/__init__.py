from .layers import ColumnParallelLinear, RowParallelLinear
from .block import ParallelMLP
