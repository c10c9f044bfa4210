from .config import ParallelConfig
from .parallel import ColumnParallelDense, RowParallelDense
from .mlp import ParallelMLP
