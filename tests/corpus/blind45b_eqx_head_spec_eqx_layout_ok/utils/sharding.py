"""Name-based partition rules, Megatron layout: hidden is column parallel, head is row parallel."""
import jax
from jax.sharding import PartitionSpec as P

# eqx.nn.Linear.weight layout is (out_features, in_features)
RULES = {
    "hidden.weight": P("model", None),
    "hidden.bias": P("model"),
    "head.weight": P(None, "model"),
}


def _rule(path, leaf):
    name = jax.tree_util.keystr(path, simple=True, separator=".")
    return RULES.get(name, P())


def param_specs(params):
    return jax.tree_util.tree_map_with_path(_rule, params)
