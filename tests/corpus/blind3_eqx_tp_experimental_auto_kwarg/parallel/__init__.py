from .tp import TPMLP, tp_forward
