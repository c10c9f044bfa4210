from .config import N_STAGES, STAGE
from .schedule import forward, return_to_first_stage
