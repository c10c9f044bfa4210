from .blocks import Block, stacked_blocks, block_spec, TP
