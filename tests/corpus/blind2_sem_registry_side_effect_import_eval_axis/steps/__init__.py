from . import eval_steps, train_steps  # noqa: F401  (registers the steps)
