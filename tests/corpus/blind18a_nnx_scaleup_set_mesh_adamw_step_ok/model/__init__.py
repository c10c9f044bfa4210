from .layers import DotReluDot, Stack
