from .p2p import shift_to_next
from .stage import Stage

__all__ = ["Stage", "shift_to_next"]
