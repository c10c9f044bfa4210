from .all_gather import ring_all_gather

__all__ = ["ring_all_gather"]
