from .layers import TPShift
