from parallel.ops import MESH, tensor_parallel, last_dim_specs

__all__ = ["MESH", "tensor_parallel", "last_dim_specs"]
