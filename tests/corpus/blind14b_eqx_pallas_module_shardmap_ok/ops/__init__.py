from .permute import ring_send_right
