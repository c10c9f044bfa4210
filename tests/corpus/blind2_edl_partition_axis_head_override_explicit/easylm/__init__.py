from .configuration import BaseModelConfig, LlamaConfig, PartitionAxis
from .modeling import attention_output

__all__ = ["BaseModelConfig", "LlamaConfig", "PartitionAxis", "attention_output"]
