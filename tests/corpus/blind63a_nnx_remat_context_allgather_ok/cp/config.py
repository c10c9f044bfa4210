MESH_SHAPE = (2, 2)
MESH_AXES = ("data", "context")
