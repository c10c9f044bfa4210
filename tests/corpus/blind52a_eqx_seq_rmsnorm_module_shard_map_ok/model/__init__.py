from .layers import SeqRMSNorm, Dense
from .net import SeqParallelMLP

__all__ = ["SeqRMSNorm", "Dense", "SeqParallelMLP"]
