from .model import ViT

__all__ = ['ViT']
