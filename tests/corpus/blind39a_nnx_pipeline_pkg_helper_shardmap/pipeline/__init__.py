from .comm import send_forward
