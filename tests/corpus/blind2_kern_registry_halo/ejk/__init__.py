from .registry import Backend, Platform, kernel_registry
from . import kernels  # noqa: F401  (registers the implementations)
from .ops import Executor

__all__ = ["Backend", "Executor", "Platform", "kernel_registry"]
