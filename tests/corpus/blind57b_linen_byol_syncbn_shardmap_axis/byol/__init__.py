from .networks import BYOLNetwork
from .losses import regression_loss

__all__ = ['BYOLNetwork', 'regression_loss']
