import functools

import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

import pp

N = 4
mesh = Mesh(np.array(jax.devices()[:N]), ('stage',))

fwd = shard_map(functools.partial(pp.gpipe_forward, axis_name='stage', n_stages=N),
                mesh=mesh, in_specs=(P('stage'), P()), out_specs=P(), check_rep=False)

w = jnp.ones((N, 16, 16)) * 0.1
x = jnp.ones((8, 16))
jax.jit(fwd).trace(w, x).lower(lowering_platforms=('cuda',))
