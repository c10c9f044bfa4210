from .parallel import make_train_step
