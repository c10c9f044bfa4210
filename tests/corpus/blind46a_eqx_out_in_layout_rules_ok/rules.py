import re

import jax
from jax.sharding import PartitionSpec as P

# Equinox Linear weights are (out_features, in_features).
TP_RULES = [
    (r"\.up\.weight", P("model", None)),
    (r"\.up\.bias", P("model")),
    (r"\.down\.weight", P(None, "model")),
]


def param_specs(params):
    def rule(path, leaf):
        key = jax.tree_util.keystr(path)
        for pattern, spec in TP_RULES:
            if re.search(pattern, key):
                return spec
        return P()

    return jax.tree_util.tree_map_with_path(rule, params)
