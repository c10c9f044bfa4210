from models.blocks import TPMLPBlock
from models.residual import ResidualTPBlock, TPStack

__all__ = ["TPMLPBlock", "ResidualTPBlock", "TPStack"]
