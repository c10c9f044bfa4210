from layers.block import RowParallelBlock, TP_AXIS
from layers.stack import make_stack, run_stack
