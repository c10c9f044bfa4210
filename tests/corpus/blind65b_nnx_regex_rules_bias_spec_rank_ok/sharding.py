import re

import jax
from flax import nnx
from jax.sharding import PartitionSpec as P


def partition_rules(tp):
  # first match wins
  return (
      (r"mlp_in/kernel", P(None, tp)),
      (r"mlp_in/bias", P(tp)),
      (r"mlp_out/kernel", P(tp, None)),
      (r".*", P()),
  )


def match_partition_rules(rules, state):

  def spec_for(path, _):
    name = "/".join(str(k.key) for k in path if isinstance(k, jax.tree_util.DictKey))
    for pattern, spec in rules:
      if re.search(pattern, name):
        return spec
    raise ValueError(f"no rule for {name}")

  return jax.tree_util.tree_map_with_path(
      spec_for, state, is_leaf=lambda x: isinstance(x, nnx.Variable))
