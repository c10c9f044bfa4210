import re

import jax
from jax.sharding import NamedSharding, PartitionSpec as P

FSDP_TP_RULES = (
    (r"embedding", P("tp", "fsdp")),
    (r"kernel", P("fsdp", "tp")),
    (r".*", P("fsdp")),
)


def get_partition_spec(rules, tree):
    def pick(path, leaf):
        if not hasattr(leaf, "shape") or len(leaf.shape) == 0:
            return P()  # scalars (step counters, Adam count) stay replicated
        name = jax.tree_util.keystr(path)
        for pattern, spec in rules:
            if re.search(pattern, name):
                return spec
        return P()

    return jax.tree_util.tree_map_with_path(pick, tree)


def named_shardings(mesh, specs):
    return jax.tree.map(lambda s: NamedSharding(mesh, s), specs, is_leaf=lambda x: isinstance(x, P))
