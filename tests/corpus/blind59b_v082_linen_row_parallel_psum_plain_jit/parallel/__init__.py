from .layers import ColumnParallelDense, RowParallelDense, ParallelMlp
