import re

import jax
from jax.sharding import PartitionSpec as P

# first match wins
PARTITION_RULES = [
    (r"embed/embedding$", P("model", None)),
    (r"attn/(q|k|v)/kernel$", P(None, "model")),
    (r"attn/o/kernel$", P("model", None)),
    (r"mlp/wi/kernel$", P(None, "model")),
    (r"mlp/wo/kernel$", P("model", None)),
    (r"(bias|scale)$", P()),
]


def _path_str(path):
  return "/".join(str(getattr(k, "key", getattr(k, "idx", k))) for k in path)


def match_partition_rules(rules, tree):
  def spec_for(path, leaf):
    name = _path_str(path)
    for pattern, spec in rules:
      if re.search(pattern, name):
        return spec
    raise ValueError(f"no partition rule matches {name}")
  return jax.tree_util.tree_map_with_path(spec_for, tree)
