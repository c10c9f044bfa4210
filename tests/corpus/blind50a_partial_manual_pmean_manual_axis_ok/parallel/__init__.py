from .collectives import REDUCE_AXES, sync_grads
