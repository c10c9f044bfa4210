from . import kernels
from .allgather import ring_all_gather
from .constants import RING
