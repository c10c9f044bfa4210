from .decoder import Decoder, DecoderLayer
