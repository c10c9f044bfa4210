from .regressor import Regressor, loss_fn
