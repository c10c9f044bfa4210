from .schedule import make_pipeline
from .stage import Stage, make_stages
