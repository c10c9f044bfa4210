from .registry import STAGES, make_stage

__all__ = ["STAGES", "make_stage"]
