from .blocks import MLPBlock
from .stack import build_forward, create_stack
