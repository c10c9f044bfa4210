from parallel.context import current_mesh, mesh_scope, spmd

__all__ = ["current_mesh", "mesh_scope", "spmd"]
