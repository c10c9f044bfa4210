import functools

import jax
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

PIPE = 'stage'


def pipeline_mesh():
  return Mesh(np.array(jax.devices()), (PIPE,))


def spmd(in_specs, out_specs, **kw):
  """Decorator: run the function per device over the pipeline mesh."""
  def wrap(fn):
    sm = jax.shard_map(fn, mesh=pipeline_mesh(), in_specs=in_specs, out_specs=out_specs, **kw)
    return functools.wraps(fn)(sm)
  return wrap
