from .block import EncoderBlock
from .wrap import sequence_parallel
