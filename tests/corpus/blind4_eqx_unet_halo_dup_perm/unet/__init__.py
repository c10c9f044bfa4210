from .blocks import HaloConvBlock, SpatialDenoiser
