from .config import DecoderConfig
from .model import Decoder
from .generate import greedy_generate
