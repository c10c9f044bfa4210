from .ring import ring_shift

__all__ = ['ring_shift']
