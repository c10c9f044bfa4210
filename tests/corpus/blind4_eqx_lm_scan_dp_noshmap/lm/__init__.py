from .config import LMConfig
from .model import LM
from .train import make_train_step
