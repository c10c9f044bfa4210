# logical -> mesh axis rules, shared with the 3D-mesh launcher (data, fsdp, tensor)
LOGICAL_AXIS_RULES = (
    ("batch", "data"),
    ("embed", "fsdp"),
    ("mlp", "tensor"),
    ("vocab", "tensor"),
)
MESH_AXES = ("data", "model")
