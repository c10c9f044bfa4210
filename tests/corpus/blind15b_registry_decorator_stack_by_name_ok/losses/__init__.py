from .registry import LOSSES, get_loss
from . import xent  # noqa: F401  (registers the losses)
