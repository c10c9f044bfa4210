from .stage import Stage, make_stages
from .runner import pipeline_forward
