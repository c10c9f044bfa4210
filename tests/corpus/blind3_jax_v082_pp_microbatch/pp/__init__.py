from .runtime import build_pipeline
