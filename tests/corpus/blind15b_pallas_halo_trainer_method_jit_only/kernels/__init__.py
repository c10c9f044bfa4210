from .halo import halo_right
