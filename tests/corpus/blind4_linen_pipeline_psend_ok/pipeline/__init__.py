from .schedule import gpipe_forward
from .stage import StageMLP
