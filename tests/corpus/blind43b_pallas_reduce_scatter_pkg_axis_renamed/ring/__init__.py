from .reduce_scatter import BLOCK_SIZE, pallas_reduce_scatter

__all__ = ["BLOCK_SIZE", "pallas_reduce_scatter"]
