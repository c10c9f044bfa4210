from .mlp import DotReluDot, MultiDotReluDot

__all__ = ["DotReluDot", "MultiDotReluDot"]
