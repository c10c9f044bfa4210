from .config import ModelConfig
from .stack import create_stack, apply_stack
