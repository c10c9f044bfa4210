from .layers import TensorParallelDense
from .parallel import tp_apply

__all__ = ["TensorParallelDense", "tp_apply"]
