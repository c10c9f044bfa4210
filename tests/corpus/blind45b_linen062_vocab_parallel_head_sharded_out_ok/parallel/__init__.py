from .ops import all_gather, all_reduce  # noqa: F401
