from .blocks import TPBlock, make_stack, run_stack
