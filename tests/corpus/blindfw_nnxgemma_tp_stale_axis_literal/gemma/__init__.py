"""A small Gemma-style decoder in Flax NNX, written tensor-parallel for shard_map."""
from .transformer import Transformer, TransformerConfig

__all__ = ["Transformer", "TransformerConfig"]
