from .schedule import Pipeline, STAGE_AXIS

__all__ = ["Pipeline", "STAGE_AXIS"]
