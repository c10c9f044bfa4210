import re

import jax
from jax.sharding import PartitionSpec as P

LLAMA_RULES = (
    (r"embed_tokens/embedding", P("model", None)),
    (r"down_proj/kernel", P("model", None)),
    (r"proj/kernel", P(None, "model")),
    (r"norm/scale", P()),
)


def match_partition_rules(rules, params):
    def spec_for(path, leaf):
        name = jax.tree_util.keystr(path, simple=True, separator="/")
        for pattern, spec in rules:
            if re.search(pattern, name) is not None:
                return spec
        return P()

    return jax.tree_util.tree_map_with_path(spec_for, params)
