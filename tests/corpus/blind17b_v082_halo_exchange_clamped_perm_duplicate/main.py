from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from mylib.parallel import laplacian_step

N = 4
mesh = Mesh(np.array(jax.devices()[:N]), ('space',))


def simulate(u, steps=10):
  body = lambda i, u: laplacian_step(u, 'space', N)
  return jax.lax.fori_loop(0, steps, body, u)


simulate = jax.jit(jax.shard_map(simulate, mesh=mesh, in_specs=P('space'), out_specs=P('space')))
u0 = jnp.linspace(0.0, 1.0, 256)
simulate.trace(u0).lower(lowering_platforms=('cuda',))
