import flax.linen as nn
import jax
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def build_mesh(cfg):
  devices = mesh_utils.create_device_mesh(cfg.mesh_shape, jax.devices())
  return Mesh(devices, cfg.mesh_axes)


def state_shardings(abstract_state, mesh, cfg):
  specs = nn.get_partition_spec(abstract_state)
  return nn.logical_to_mesh_sharding(specs, mesh, cfg.logical_axis_rules)


def batch_sharding(mesh, cfg):
  spec = nn.logical_to_mesh_axes(("batch", "length"), cfg.logical_axis_rules)
  return NamedSharding(mesh, spec)
