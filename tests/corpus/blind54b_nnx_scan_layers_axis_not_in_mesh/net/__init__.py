from .stack import MLPStack
