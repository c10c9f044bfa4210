from parallel.spmd import per_device

__all__ = ["per_device"]
