from .layers import init_params, gated_block
from .stack import forward

__all__ = ["init_params", "gated_block", "forward"]
