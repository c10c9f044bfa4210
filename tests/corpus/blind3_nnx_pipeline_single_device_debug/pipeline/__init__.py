from .stages import MLPStage, create_stages
from .schedule import spmd_pipeline
