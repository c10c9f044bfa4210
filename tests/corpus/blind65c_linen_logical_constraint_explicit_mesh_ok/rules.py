# (logical axis name, mesh axis) - first match wins, MaxText style
LOGICAL_AXIS_RULES = (
    ("activation_batch", "data"),
    ("activation_length", None),
    ("activation_embed", "model"),
    ("activation_mlp", "model"),
    ("embed", "data"),
    ("mlp", "model"),
    ("vocab", "model"),
)
