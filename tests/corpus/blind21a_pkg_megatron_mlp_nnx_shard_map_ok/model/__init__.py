from model.layers import ColumnParallelLinear, RowParallelLinear, ParallelMLP, TP_AXIS
from model.train import make_train_step
