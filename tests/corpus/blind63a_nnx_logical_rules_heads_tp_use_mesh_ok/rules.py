# logical axis -> mesh axis
LOGICAL_AXIS_RULES = (
    ("batch", "data"),
    ("embed", None),
    ("heads", "model"),
    ("mlp", "model"),
    ("kv", None),
    ("vocab", "model"),
)
