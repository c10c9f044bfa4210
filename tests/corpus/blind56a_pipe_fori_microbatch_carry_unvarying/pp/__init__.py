from .config import PipelineConfig
from .gpipe import pipeline_apply
