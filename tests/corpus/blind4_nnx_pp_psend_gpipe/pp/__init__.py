from .stage import MLPStage, make_stages
from .gpipe import build_pipeline
