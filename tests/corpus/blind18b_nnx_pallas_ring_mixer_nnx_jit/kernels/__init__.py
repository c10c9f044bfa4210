from .ring import ring_shift
