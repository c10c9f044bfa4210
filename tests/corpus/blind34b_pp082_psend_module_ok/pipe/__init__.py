from .comm import send_next, recv_prev
