from .decoder import Decoder
