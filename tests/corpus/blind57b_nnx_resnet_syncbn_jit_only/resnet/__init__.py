from .model import ResNetSmall

__all__ = ['ResNetSmall']
