from .halo import HaloConv1D
