import re

import jax
from jax.sharding import NamedSharding


def _name(path):
  return "/".join(p.key for p in path)


def specs_from_rules(rules, params):
  flat, treedef = jax.tree_util.tree_flatten_with_path(params)
  specs = []
  for path, _ in flat:
    name = _name(path)
    specs.append(next(spec for pat, spec in rules if re.search(pat, name)))
  return jax.tree_util.tree_unflatten(treedef, specs)


def named(mesh, specs):
  return jax.tree.map(lambda s: NamedSharding(mesh, s), specs)
