from .res import res_block
