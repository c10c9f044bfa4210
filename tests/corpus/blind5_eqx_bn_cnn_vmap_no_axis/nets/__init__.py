from .cnn import CNN, BATCH_AXIS

__all__ = ["CNN", "BATCH_AXIS"]
