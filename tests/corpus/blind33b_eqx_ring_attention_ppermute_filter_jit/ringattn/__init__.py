from .layer import RingAttention
