from .p2p import send_recv_next as send_recv_next
from .schedule import run_stages as run_stages
