from .block import ParallelBlock, TP_AXIS
