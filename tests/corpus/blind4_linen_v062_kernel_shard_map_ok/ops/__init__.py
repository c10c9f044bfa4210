from .permute import right_permute
