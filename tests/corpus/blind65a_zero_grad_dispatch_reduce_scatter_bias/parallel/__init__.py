from parallel.collectives import OPS, collective

__all__ = ["OPS", "collective"]
