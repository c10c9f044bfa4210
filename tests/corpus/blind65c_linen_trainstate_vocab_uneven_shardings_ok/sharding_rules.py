RULES = (
    ("batch", "data"),
    ("vocab", "model"),
    ("mlp", "model"),
    ("embed", None),
    ("length", None),
)
