from .schedule import spmd_pipeline  # noqa: F401
