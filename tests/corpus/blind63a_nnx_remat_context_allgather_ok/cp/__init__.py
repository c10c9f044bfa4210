from .block import Block
from .config import MESH_AXES, MESH_SHAPE
