from .registry import build_layer, register_layer, LAYERS
from . import mlp as _mlp  # noqa: F401  (fills the registry)
