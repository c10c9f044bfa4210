from .layers import DecoderLayer
