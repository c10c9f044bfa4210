from .comm import all_reduce, TP_AXIS
from .specs import state_specs
