from .layers import ShiftedMix

__all__ = ["ShiftedMix"]
