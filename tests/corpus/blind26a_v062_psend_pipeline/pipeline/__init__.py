from .stages import Stage, make_stages
from .schedule import forward_backward_free
