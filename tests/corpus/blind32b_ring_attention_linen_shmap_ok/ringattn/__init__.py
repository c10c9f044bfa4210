from ringattn.layers import RingSelfAttention

__all__ = ['RingSelfAttention']
