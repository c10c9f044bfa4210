from .collective import *  # noqa: F401,F403
