from .axes import DATA, MODEL, MESH_AXES
from .collectives import all_reduce_model, mean_over_data
from .layers import row_parallel_matmul

__all__ = ["DATA", "MODEL", "MESH_AXES", "all_reduce_model", "mean_over_data", "row_parallel_matmul"]
