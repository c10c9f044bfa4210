from .mlp import ParallelMLP
from .parallel_linear import ColumnParallelLinear, RowParallelLinear
