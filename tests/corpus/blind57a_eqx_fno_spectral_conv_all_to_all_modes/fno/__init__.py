from .spectral import SpectralConv2d, FNOBlock
