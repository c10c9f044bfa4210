from .resnet import ResNet18Lite
