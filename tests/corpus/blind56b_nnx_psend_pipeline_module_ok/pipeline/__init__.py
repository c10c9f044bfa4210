from .stages import Stage, stacked_stages
from .runner import Pipeline
