from .onef1b import one_f_one_b
