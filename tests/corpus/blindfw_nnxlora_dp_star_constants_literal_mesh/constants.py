"""Mesh axis names shared by every script of the fine-tuning job."""
DP_AXIS = 'dp'
LORA_RANK = 4

__all__ = ['DP_AXIS', 'LORA_RANK']
