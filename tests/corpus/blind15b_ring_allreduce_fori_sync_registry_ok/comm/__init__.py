from .sync import GRAD_SYNC
