from .mlp import MLP, LOGICAL_RULES
