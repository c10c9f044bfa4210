from .fused_ops import bias_gelu

__all__ = ["bias_gelu"]
