from .config import CONFIG
from .layers import ParallelMLP, tp_state_sharding
