from .registry import build_model  # noqa: F401
from . import mlp  # noqa: F401  (registers the architectures)
