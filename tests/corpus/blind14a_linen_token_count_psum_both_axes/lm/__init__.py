from .model import TPMLP
from .loss import make_loss_fn
