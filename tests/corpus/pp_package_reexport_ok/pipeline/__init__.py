from .p2p import ring_shift
from .schedule import gpipe_tick

__all__ = ["ring_shift", "gpipe_tick"]
