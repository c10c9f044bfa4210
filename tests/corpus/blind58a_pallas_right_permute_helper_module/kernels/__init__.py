from .permute import make_right_permute
