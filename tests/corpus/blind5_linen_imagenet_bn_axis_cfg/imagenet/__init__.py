from . import models, train  # noqa: F401
