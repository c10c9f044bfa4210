import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from greedy.train import train_tick

N = 4
D, C = 64, 10
mesh = Mesh(np.array(jax.devices()), ('stage',))


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P('stage'), P(), P()),
                   out_specs=(P('stage'), P('stage'), P('stage')), check_vma=False)
def step(params, x, y):
  params = jax.tree.map(lambda p: p[0], params)
  params, x_next, loss = train_tick(params, x, y, 'stage', N)
  return jax.tree.map(lambda p: p[None], params), x_next[None], loss[None]


params = (jnp.ones((N, D, D)), jnp.ones((N, D, C)))
x = jnp.ones((16, D))
y = jax.nn.one_hot(jnp.zeros(16, jnp.int32), C)
jax.jit(step).trace(params, x, y).lower(lowering_platforms=('cuda',))
