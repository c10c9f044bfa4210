from .layers import ParallelMLP
