from .collective_permute import ring_permute

__all__ = ["ring_permute"]
