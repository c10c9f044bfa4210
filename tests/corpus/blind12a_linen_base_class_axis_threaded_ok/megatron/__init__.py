from .config import TPConfig
from .model import TPBlock
