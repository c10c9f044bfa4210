"""Logical axis rules, in the T5X / flaxformer style."""

LOGICAL_AXIS_RULES = (
    ("batch", "data"),
    ("length", None),
    ("embed", None),
    ("mlp", "tensor"),
    ("heads", "tensor"),
    ("kv", None),
    ("vocab", "tensor"),
)
