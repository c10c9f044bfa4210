from .transformer import Transformer
