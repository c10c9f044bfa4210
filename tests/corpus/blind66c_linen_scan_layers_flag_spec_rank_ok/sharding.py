import re

import numpy as np
import jax
from jax.sharding import Mesh, NamedSharding
from flax import traverse_util


def create_mesh(mesh_cfg):
  devs = np.asarray(jax.devices()[: int(np.prod(mesh_cfg.shape))]).reshape(mesh_cfg.shape)
  return Mesh(devs, mesh_cfg.axis_names)


def match_partition_rules(rules, params):
  flat = traverse_util.flatten_dict(params, sep="/")
  out = {}
  for name in flat:
    for pattern, spec in rules:
      if re.fullmatch(pattern, name):
        out[name] = spec
        break
  return traverse_util.unflatten_dict(out, sep="/")


def to_named(mesh, specs):
  return jax.tree.map(lambda s: NamedSharding(mesh, s), specs)
