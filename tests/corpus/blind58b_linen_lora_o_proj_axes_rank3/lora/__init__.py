from .layers import LoRADense, LoRAAttentionOut
