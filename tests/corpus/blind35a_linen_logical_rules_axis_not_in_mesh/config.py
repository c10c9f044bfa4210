LOGICAL_AXIS_RULES = (
    ("batch", "data"),
    ("embed", None),
    ("mlp", "tensor"),
)
MESH_SHAPE = (2, 2)
MESH_AXES = ("data", "model")
