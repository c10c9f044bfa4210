from .layers import MLPBlock, path_ends_with
