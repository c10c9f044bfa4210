from .schedule import gpipe_forward
