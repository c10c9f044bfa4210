"""Logical -> physical axis rules shared by all our models."""

RULES = (
    ("batch", ("data", "fsdp")),
    ("embed", "fsdp"),
    ("mlp", "tensor"),
    ("classes", None),
)
