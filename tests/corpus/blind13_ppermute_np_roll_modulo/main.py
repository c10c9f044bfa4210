import functools

import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P
import numpy as np

mesh = Mesh(np.array(jax.devices()), ('ring',))
n = mesh.shape['ring']
idx = np.arange(n)
fwd_perm = list(zip(idx.tolist(), np.roll(idx, 1).tolist()))
bwd_perm = [(i, (i - 1) % n) for i in range(n)]


@functools.partial(jax.shard_map, mesh=mesh, in_specs=P('ring'), out_specs=P('ring'))
def halo(x):
  left = jax.lax.ppermute(x[-1:], 'ring', fwd_perm)
  right = jax.lax.ppermute(x[:1], 'ring', perm=bwd_perm)
  return jnp.concatenate([left, x, right])[1:-1] * 0.5 + x * 0.5


if __name__ == '__main__':
  jax.jit(halo).trace(jnp.ones((16, 4))).lower(lowering_platforms=('cuda',))
