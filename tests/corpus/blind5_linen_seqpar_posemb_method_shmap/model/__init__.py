from .decoder import Decoder, DecoderConfig
