from .halo import send_halo_right
