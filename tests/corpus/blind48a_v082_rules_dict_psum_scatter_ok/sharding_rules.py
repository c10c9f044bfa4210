# Logical-to-mesh axis rules (flax/MaxText style), kept as a plain dict.
AXIS_RULES = {
    "batch": "data",
    "embed": "data",
    "mlp": "model",
}


def mesh_axis(logical):
    return AXIS_RULES[logical]
