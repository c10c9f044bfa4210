from .blocks import MLPBlock, make_stack
from .model import TinyLM
