from .stage import PipelineStage, STAGE_AXIS, ring_perm

__all__ = ["PipelineStage", "STAGE_AXIS", "ring_perm"]
