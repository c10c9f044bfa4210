from .permute import right_permute

__all__ = ["right_permute"]
