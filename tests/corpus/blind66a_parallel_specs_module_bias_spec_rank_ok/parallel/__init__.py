from .specs import *
from .layers import mlp_block
