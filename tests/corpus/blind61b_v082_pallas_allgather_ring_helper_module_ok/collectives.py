from functools import partial

import jax
from jax.sharding import PartitionSpec as P

import kernels


def make_row_all_gather(mesh, axis_name):
  n = mesh.shape[axis_name]

  @partial(jax.shard_map, mesh=mesh, in_specs=P(axis_name), out_specs=P(),
           check_vma=False)
  def gather_rows(x_local):
    stacked = kernels.ring_all_gather(x_local, axis_name=axis_name, num_devices=n)
    return stacked.reshape(n * x_local.shape[0], x_local.shape[1])

  return gather_rows
