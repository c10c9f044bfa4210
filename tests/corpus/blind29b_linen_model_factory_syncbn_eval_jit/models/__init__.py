from .resnet import ResNetTiny, ConvNet  # noqa: F401
from . import resnet as _resnet


def create_model(model_name, **kwargs):
    return getattr(_resnet, model_name)(**kwargs)
