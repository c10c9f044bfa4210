from .config import PipelineConfig
from .schedule import gpipe_forward
from .stages import make_stages, select_local_stage
