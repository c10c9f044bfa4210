from .decoders import Decoder
from .config import Config

__all__ = ["Config", "Decoder"]
