from .collectives import DATA_AXIS, global_mean
from .metrics import compute_metrics
