from .collectives import ring_shift
from .collective_matmul import matmul_allgather_overlapped

__all__ = ["ring_shift", "matmul_allgather_overlapped"]
