from .comm import shift_right

__all__ = ['shift_right']
