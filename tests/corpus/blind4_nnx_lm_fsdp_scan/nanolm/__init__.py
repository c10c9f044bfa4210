from .config import ModelConfig, TrainConfig
from .model import Transformer
from .train import make_train_step
