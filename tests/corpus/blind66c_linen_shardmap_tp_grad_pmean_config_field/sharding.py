import jax
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P
from flax import traverse_util


def make_mesh(cfg):
  devices = np.array(jax.devices()).reshape(cfg.parallel.mesh_shape)
  return Mesh(devices, (cfg.parallel.dp_axis, cfg.parallel.tp_axis))


def param_specs(params, cfg):
  """Megatron layout: wi split on columns, wo split on rows, the rest replicated."""
  tp = cfg.parallel.tp_axis
  flat = traverse_util.flatten_dict(params)
  specs = {}
  for path, _ in flat.items():
    if "wi" in path[-3:-1]:
      specs[path] = P(None, tp)
    elif "wo" in path[-3:-1]:
      specs[path] = P(tp, None)
    else:
      specs[path] = P()
  return traverse_util.unflatten_dict(specs)


def batch_spec(cfg):
  return P(cfg.parallel.dp_axis)
