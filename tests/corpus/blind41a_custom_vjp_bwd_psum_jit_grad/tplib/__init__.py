from tplib.ops import enter_tp
from tplib.layers import ColumnParallelDense
