from .config import Config
from .step import make_train_step
