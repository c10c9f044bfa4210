from .layers import MoeBlock
