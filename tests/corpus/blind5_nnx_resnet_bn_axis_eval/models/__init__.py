from .resnet import ResNetTiny
