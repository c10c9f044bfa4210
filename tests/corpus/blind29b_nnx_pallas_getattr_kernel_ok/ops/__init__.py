from . import shift_kernels
from .shift_kernels import make_shift

__all__ = ["shift_kernels", "make_shift"]
