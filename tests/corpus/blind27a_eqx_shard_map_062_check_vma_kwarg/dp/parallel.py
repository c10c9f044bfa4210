import jax
import numpy as np
from jax.experimental import mesh_utils
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P


def make_mesh(axis="dp"):
  return Mesh(mesh_utils.create_device_mesh((jax.device_count(),)), (axis,))


def data_parallel(fn, mesh, axis="dp"):
  """Replicated model + optimizer state, batch split over `axis`."""
  return shard_map(
      fn, mesh=mesh,
      in_specs=(P(), P(), P(axis), P(axis)),
      out_specs=(P(), P(), P()),
      check_vma=False,  # renamed from check_rep upstream
  )
