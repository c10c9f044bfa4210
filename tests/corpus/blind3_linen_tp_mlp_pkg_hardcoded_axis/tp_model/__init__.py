from .config import ModelConfig
from .block import TransformerMLPBlock
