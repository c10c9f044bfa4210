from .permute import swap_halves

__all__ = ["swap_halves"]
