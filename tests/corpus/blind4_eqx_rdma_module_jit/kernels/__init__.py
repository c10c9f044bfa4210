from .ring import RingShift
