from .attention import ring_attention as cp_attention
