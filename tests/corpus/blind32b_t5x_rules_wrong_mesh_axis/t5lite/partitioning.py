"""t5x-like partitioner: logical axis rules -> mesh shardings."""
import numpy as np
import jax
import flax.linen as nn
from jax.sharding import Mesh


def standard_logical_axis_rules(model_axis='model', data_axis='data'):
  return (
      ('batch', data_axis),
      ('vocab', model_axis),
      ('embed', None),
      ('mlp', model_axis),
      ('heads', model_axis),
      ('kv', None),
      ('length', None),
  )


class Partitioner:

  def __init__(self, num_partitions, logical_axis_rules):
    devices = np.asarray(jax.devices())
    self.mesh = Mesh(devices.reshape(-1, num_partitions), ('data', 'model'))
    self.rules = logical_axis_rules

  def get_shardings(self, abstract_variables):
    specs = nn.get_partition_spec(abstract_variables)
    return nn.logical_to_mesh_sharding(specs, self.mesh, self.rules)

  def partition(self, fn, in_shardings, out_shardings):
    return jax.jit(fn, in_shardings=in_shardings, out_shardings=out_shardings)
