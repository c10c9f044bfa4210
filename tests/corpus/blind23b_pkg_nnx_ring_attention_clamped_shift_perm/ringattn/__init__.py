from .ring import ring_perm, RingSelfAttention
