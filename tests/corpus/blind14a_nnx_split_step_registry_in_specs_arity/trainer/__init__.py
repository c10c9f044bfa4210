from .registry import STEPS, register
from . import steps  # noqa: F401  (fills the registry)
