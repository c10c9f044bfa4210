import re

import jax
from flax import traverse_util
from jax.sharding import NamedSharding, PartitionSpec as P


def infer_specs(params, rules):
    flat = traverse_util.flatten_dict(params, sep="/")
    specs = {}
    for name, leaf in flat.items():
        for pattern, spec in rules:
            if re.search(pattern, name):
                specs[name] = spec
                break
        else:
            specs[name] = P()
    return traverse_util.unflatten_dict(specs, sep="/")


def to_shardings(mesh, specs):
    return jax.tree.map(lambda s: NamedSharding(mesh, s), specs, is_leaf=lambda x: isinstance(x, P))
