import functools
import json

import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P
import numpy as np

cfg = json.loads('{"mesh": [2, 2], "axes": ["replica", "data"], "reduce_axes": ["replica", "data"]}')
mesh = Mesh(np.array(jax.devices()).reshape(cfg['mesh']), tuple(cfg['axes']))


@functools.partial(jax.shard_map, mesh=mesh, in_specs=P(tuple(cfg['axes'])), out_specs=P())
def mean_loss(x):
  return jax.lax.pmean(jnp.mean(x ** 2), cfg['reduce_axes'])


if __name__ == '__main__':
  jax.jit(mean_loss).trace(jnp.ones((8, 4))).lower(lowering_platforms=('cuda',))
