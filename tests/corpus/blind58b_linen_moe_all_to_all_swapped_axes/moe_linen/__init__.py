from .layers import MoEBlock
