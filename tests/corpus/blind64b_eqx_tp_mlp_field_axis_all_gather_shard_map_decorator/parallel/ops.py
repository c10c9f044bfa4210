"""Mesh and shard_map helpers shared by the model and the training script."""
import functools

import jax
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

DATA_AXIS = "data"
TENSOR_AXIS = "tensor"

MESH = Mesh(np.array(jax.devices()).reshape(2, 2), (DATA_AXIS, TENSOR_AXIS))


def tensor_parallel(in_specs, out_specs):
  """Decorator: run the function once per device on its local shards."""
  return functools.partial(jax.shard_map, mesh=MESH, in_specs=in_specs,
                           out_specs=out_specs, check_vma=False)


def last_dim_specs(params):
  """Column-parallel layout: every parameter is split along its last dimension."""
  return jax.tree.map(lambda a: P(*([None] * (a.ndim - 1)), TENSOR_AXIS), params)
