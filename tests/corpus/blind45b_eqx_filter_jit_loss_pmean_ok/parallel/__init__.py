from .collectives import grad_sync as sync_grads
