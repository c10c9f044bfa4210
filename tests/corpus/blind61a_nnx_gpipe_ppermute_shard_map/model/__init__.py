from .blocks import MLPStage, build_stages
from .pipeline import gpipe_forward
