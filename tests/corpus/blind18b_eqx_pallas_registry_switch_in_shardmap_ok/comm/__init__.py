from . import shifts  # noqa: F401  (registers the kernels)
from .registry import KERNELS
