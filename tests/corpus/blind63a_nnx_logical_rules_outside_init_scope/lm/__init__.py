from .model import TinyDecoder

__all__ = ["TinyDecoder"]
