from .mlp import init_params, mlp
