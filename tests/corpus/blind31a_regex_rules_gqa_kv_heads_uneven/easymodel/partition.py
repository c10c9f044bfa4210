import re

import jax
from jax.sharding import PartitionSpec as PS


def _path_to_str(path):
  parts = []
  for k in path:
    if hasattr(k, "key"):
      parts.append(str(k.key))
    elif hasattr(k, "idx"):
      parts.append(str(k.idx))
    else:
      parts.append(str(k))
  return "/".join(parts)


def match_partition_rules(rules, tree):
  def spec_for(path, leaf):
    name = _path_to_str(path)
    if len(leaf.shape) == 0:
      return PS()
    for rule, ps in rules:
      if re.search(rule, name) is not None:
        return ps
    raise ValueError(f"Partition rule not found for param: {name}")

  return jax.tree_util.tree_map_with_path(spec_for, tree)
