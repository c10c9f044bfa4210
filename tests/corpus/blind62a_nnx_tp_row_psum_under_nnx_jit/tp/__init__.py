from .model import TPMLP

__all__ = ['TPMLP']
