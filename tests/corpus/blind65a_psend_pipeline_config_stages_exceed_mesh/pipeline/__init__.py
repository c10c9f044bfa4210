from pipeline.config import PipelineConfig
from pipeline.schedule import make_pipeline_step

__all__ = ["PipelineConfig", "make_pipeline_step"]
