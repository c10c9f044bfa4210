import re

import jax
from jax.sharding import PartitionSpec as P
from jax.tree_util import GetAttrKey, SequenceKey

RULES = (
    (r"embed\.weight$", P("model", None)),
    (r"mlp\.layers\[\d+\]\.weight$", P("model", None)),
    (r"mlp\.layers\[\d+\]\.bias$", P("model")),
)


def _keystr(path):
  out = []
  for k in path:
    out.append(f".{k.name}" if isinstance(k, GetAttrKey) else f"[{k.idx}]" if isinstance(k, SequenceKey) else str(k))
  return "".join(out).lstrip(".")


def apply_rules(tree, rules=RULES, default=P()):
  def pick(path, leaf):
    name = _keystr(path)
    for pat, spec in rules:
      if re.search(pat, name):
        return spec
    return default
  return jax.tree_util.tree_map_with_path(pick, tree)
