from .mesh import get_mesh, set_global_mesh
from .decorators import shard_mapped
