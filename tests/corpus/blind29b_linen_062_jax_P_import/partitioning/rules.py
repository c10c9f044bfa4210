from jax import P

__all__ = ["LOGICAL_RULES", "logical_to_spec", "P"]

LOGICAL_RULES = (("batch", "data"), ("embed", None), ("mlp", None))


def logical_to_spec(names, rules=LOGICAL_RULES):
    table = dict(rules)
    return P(*(table.get(n) for n in names))
