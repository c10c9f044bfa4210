from .constants import DATA, MODEL
from .exchange import neighbour_exchange as exchange
