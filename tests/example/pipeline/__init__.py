"""A two-stage pipeline: each device sends its activations to the next stage."""

from .stages import forward_stage, shift_right

__all__ = ["forward_stage", "shift_right"]
