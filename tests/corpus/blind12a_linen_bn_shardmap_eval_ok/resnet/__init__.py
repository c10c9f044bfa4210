from .models import SmallResNet
from .train import create_state, make_train_step, make_eval_step
