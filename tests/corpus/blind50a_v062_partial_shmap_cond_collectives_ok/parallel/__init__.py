from .mesh_utils import make_dp_mesh, shmap
