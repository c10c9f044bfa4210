from .parallel import ParallelConfig
from .modules import TPLanguageModel
from .trainer import Trainer
