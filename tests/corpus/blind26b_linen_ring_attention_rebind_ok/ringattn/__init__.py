from .layer import RingSelfAttention
