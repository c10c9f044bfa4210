from .ring import RING_AXIS
from .ring import ring_permute as right_permute
