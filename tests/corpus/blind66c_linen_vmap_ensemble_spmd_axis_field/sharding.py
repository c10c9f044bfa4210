import numpy as np
import jax
import flax.linen as nn
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def create_mesh(cfg):
  return Mesh(np.array(jax.devices()).reshape(cfg.mesh_shape), cfg.mesh_axes)


def state_sharding(abstract_state, mesh, cfg):
  return nn.logical_to_mesh_sharding(nn.get_partition_spec(abstract_state), mesh,
                                     cfg.logical_axis_rules)


def batch_sharding(mesh, cfg):
  return NamedSharding(mesh, P(cfg.data_axis))
