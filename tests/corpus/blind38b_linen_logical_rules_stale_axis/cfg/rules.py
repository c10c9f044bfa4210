MESH_AXES = ("data", "fsdp")
MESH_SHAPE = (2, 2)

LOGICAL_AXIS_RULES = [
    ["activation_batch", ["data", "fsdp"]],
    ["activation_mlp", "tensor"],
    ["embed", "fsdp"],
    ["mlp", "tensor"],
]
