from .permute import RightPermute
