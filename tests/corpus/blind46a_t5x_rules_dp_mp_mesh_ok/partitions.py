import re

from flax.traverse_util import flatten_dict, unflatten_dict
from jax.sharding import PartitionSpec as P

_unmatched = object()


def _match(qs, ks):
    """True if regexes in qs match any window of strings in tuple ks."""
    qts = tuple(map(lambda x: re.compile(x + "$"), qs))
    for i in range(len(ks) - len(qs) + 1):
        matches = [x.match(y) for x, y in zip(qts, ks[i:])]
        if matches and all(matches):
            return True
    return False


def _replacement_rules(rules):
    def replace(key, val):
        for rule, replacement in rules:
            if _match(rule, key):
                return replacement
        return val

    return replace


def _get_partition_rules():
    return [
        (("wte", "embedding"), P("mp", None)),
        (("wpe", "embedding"), P(None, None)),
        (("attn", "c_attn", "kernel"), P(None, "mp")),
        (("attn", "c_proj", "kernel"), P("mp", None)),
        (("mlp", "c_fc", "kernel"), P(None, "mp")),
        (("mlp", "c_proj", "kernel"), P("mp", None)),
        ((r"ln_\d+", "(bias|scale)"), None),
        (("(c_attn|c_proj|c_fc)", "bias"), None),
    ]


def set_partitions(in_dict):
    rules = _get_partition_rules()
    replace = _replacement_rules(rules)
    initd = {k: _unmatched for k in flatten_dict(in_dict)}
    result = {k: replace(k, v) for k, v in initd.items()}
    assert _unmatched not in result.values(), "Incomplete partition spec."
    return unflatten_dict(result)
