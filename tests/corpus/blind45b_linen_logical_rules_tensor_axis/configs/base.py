MESH_AXES = ("data", "model")
MESH_SHAPE = (2, 2)
MLP_DIM = 512
EMBED_DIM = 128

LOGICAL_AXIS_RULES = (
    ("batch", "data"),
    ("embed", None),
    ("mlp", "tensor"),
)
