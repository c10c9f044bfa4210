import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

MANUAL, AUTO = 'i', 'j'
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), (MANUAL, AUTO))


def total(x):
  return jax.lax.psum(x, (MANUAL, AUTO))


g = shard_map(total, mesh, in_specs=P(MANUAL, None), out_specs=P(), check_rep=False,
              auto=frozenset({AUTO}))
jax.jit(g).trace(jnp.ones((8, 8))).lower(lowering_platforms=('cuda',))
