from .layers import ColumnParallelDense, RowParallelDense, ParallelMLPBlock
from .step import make_train_step, param_partition_specs
