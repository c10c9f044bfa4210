from .layers import SeqParallelAttention, TransformerBlock
from .lm import TinyLM
