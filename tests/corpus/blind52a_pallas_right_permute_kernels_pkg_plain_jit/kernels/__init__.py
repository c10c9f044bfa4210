from .permute import make_right_permute

__all__ = ["make_right_permute"]
