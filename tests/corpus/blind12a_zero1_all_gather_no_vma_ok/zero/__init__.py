from .optim import make_zero_step
