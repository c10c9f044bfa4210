from .permute import ring_shift
