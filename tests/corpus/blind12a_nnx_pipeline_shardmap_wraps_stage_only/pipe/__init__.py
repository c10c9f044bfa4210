from .model import Stage, make_stages
from .schedule import build_forward
