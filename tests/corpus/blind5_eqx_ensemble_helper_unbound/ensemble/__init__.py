from .build import make_ensemble, evaluate_ensemble
from .stats import ENSEMBLE_AXIS, member_spread
