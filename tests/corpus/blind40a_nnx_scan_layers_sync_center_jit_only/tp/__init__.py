from .blocks import Block, create_stack, run_stack
