from .schedule import make_pipeline, run_stages
from .stage import Stage, make_stages
