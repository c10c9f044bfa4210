from .stage import Stage, send_forward
