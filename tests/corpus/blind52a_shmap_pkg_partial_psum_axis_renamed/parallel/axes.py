DATA = "data"
MODEL = "model"
MESH_AXES = (DATA, MODEL)
