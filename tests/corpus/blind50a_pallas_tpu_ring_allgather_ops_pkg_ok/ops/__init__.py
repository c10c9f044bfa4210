from .all_gather import all_gather, ring_all_gather_local

__all__ = ["all_gather", "ring_all_gather_local"]
