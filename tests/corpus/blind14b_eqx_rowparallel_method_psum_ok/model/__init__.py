from .layers import ParallelMLP, param_specs
