from .convnet import ConvNet

__all__ = ["ConvNet"]
