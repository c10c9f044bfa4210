from .blocks import TPBlock
from .stack import Stack
