from .layers import FSDPMLP
from .step import build_train_step
