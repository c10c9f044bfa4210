from .collectives import all_reduce_mean

__all__ = ['all_reduce_mean']
