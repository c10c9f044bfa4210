import functools

import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P
import numpy as np

CONFIG = {'prefix': 'ici', 'mesh_shape': (2, 2), 'axes': ('data', 'fsdp')}
AXES = tuple(f"{CONFIG['prefix']}_{a}" for a in CONFIG['axes'])
DATA, FSDP = AXES
mesh = Mesh(np.array(jax.devices()).reshape(CONFIG['mesh_shape']), AXES)


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(FSDP), P((DATA, FSDP))),
                   out_specs=P())
def fsdp_loss(w_shard, x):
  w = jax.lax.all_gather(w_shard, FSDP, tiled=True)
  loss = jnp.sum((x @ w) ** 2)
  return jax.lax.pmean(loss, AXES)


if __name__ == '__main__':
  jax.jit(fsdp_loss).trace(jnp.ones((8, 4)), jnp.ones((16, 8))).lower(lowering_platforms=('cuda',))
