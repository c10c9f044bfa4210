import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('i',))


def f5(x_block):
  return jax.lax.psum_scatter(x_block, 'i', tiled=True)


f5 = jax.jit(jax.shard_map(f5, mesh=mesh, in_specs=P('i'), out_specs=P()))

x = jnp.arange(16.)
f5.trace(x).lower(lowering_platforms=('cuda',))
