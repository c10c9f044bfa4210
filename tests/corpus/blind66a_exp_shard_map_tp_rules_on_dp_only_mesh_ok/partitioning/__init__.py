from .rules import BATCH, param_specs
