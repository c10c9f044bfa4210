from parallel.pipeline import spmd_pipeline  # noqa: F401
