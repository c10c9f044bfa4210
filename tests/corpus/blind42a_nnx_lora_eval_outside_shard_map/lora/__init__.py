from lora.layers import Frozen, LoRADense, Adapter
