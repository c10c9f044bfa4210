"""Logical -> mesh axis mapping (FSDP on 'model' for the embedding dim)."""
RULES = {
    "batch": "data",
    "vocab": None,
    "embed": "model",
    "mlp": None,
}


def spec_for(*logical):
    return tuple(RULES[name] for name in logical)
