MESH_AXES = ("data", "model")

LOGICAL_AXIS_RULES = (
    ("batch", "data"),
    ("embed", None),
    ("mlp", "model"),
    ("vocab", "model"),
)
