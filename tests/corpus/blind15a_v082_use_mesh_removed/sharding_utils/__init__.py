from .mesh import build_mesh, mesh_context
