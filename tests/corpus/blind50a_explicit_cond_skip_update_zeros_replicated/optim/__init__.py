from .sgd import guarded_sgd
