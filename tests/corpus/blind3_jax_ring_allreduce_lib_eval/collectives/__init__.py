from .ring import ring_all_gather, ring_all_reduce, ring_reduce_scatter

__all__ = ["ring_all_gather", "ring_all_reduce", "ring_reduce_scatter"]
