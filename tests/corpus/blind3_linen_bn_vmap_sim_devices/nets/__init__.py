from .mlp import BNMLP

__all__ = ["BNMLP"]
