from .mlp import init_mlp, mlp_apply, PARAM_SPECS
