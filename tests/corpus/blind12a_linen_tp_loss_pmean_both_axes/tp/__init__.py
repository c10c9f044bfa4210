from .layers import ParallelMLP
from .step import build_loss
