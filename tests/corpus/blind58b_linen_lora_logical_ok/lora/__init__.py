from .layers import LoRADense, LoRAMlpBlock
