from .running import running_moments
