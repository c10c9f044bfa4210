from .ops import all_gather_tokens as ag
from .ops import reduce_scatter_tokens as rs
from .layers import sequence_parallel_mlp
from .specs import *
