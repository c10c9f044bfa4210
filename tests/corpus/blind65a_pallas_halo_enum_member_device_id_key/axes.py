import enum


class MeshAxis(enum.Enum):
  DATA = "data"
  SEQ = "seq"


MESH_SHAPE = {MeshAxis.DATA: 2, MeshAxis.SEQ: 2}
