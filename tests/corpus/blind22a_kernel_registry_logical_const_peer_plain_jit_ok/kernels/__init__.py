from . import ops  # registers the kernels
from .registry import KERNELS, get_kernel

__all__ = ["KERNELS", "get_kernel", "ops"]
