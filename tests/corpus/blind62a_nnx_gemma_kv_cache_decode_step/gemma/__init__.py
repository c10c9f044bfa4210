from .cache import CacheIndex, KVCache
from .transformer import Transformer, TransformerConfig

__all__ = ['CacheIndex', 'KVCache', 'Transformer', 'TransformerConfig']
