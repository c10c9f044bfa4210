from .p2p import make_shift
