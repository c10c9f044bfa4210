from .router import route, top1_dispatch

__all__ = ["route", "top1_dispatch"]
