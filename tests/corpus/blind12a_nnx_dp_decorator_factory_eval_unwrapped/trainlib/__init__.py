from .parallel import data_parallel, global_mean
from .steps import build_steps
