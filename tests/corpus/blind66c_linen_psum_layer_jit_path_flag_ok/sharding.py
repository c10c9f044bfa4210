import numpy as np
import jax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def make_mesh(cfg):
  return Mesh(np.array(jax.devices()).reshape(cfg.mesh_shape), cfg.mesh_axes)


def attention_param_specs(cfg):
  t = cfg.tp_axis
  return {"qkv": {"kernel": P(None, None, t, None)},
          "out": {"kernel": P(t, None, None)}}


def data_spec(cfg):
  return P(cfg.data_axis, None, None)


def named(mesh, tree):
  return jax.tree.map(lambda s: NamedSharding(mesh, s), tree,
                      is_leaf=lambda s: isinstance(s, P))
