from functools import partial

import jax
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh

DP = 'dp'


def make_dp_mesh():
  return Mesh(np.array(jax.devices()), (DP,))


def shmap(mesh, **kw):
  """shard_map bound to a mesh, replication checking off (like many codebases)."""
  return partial(shard_map, mesh=mesh, check_rep=False, **kw)
