from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('stage',), axis_types=(jax.sharding.AxisType.Auto,))
FWD = [(i, i + 1) for i in range(3)]


@partial(jax.shard_map, mesh=mesh, in_specs=P('stage'), out_specs=P('stage'))
def step(x):
  tok = jax.lax.psend(x, 'stage', FWD)
  return jax.lax.precv(tok, x, 'stage', FWD)


print(jax.jit(step).trace(jnp.ones((8, 128))).lower(lowering_platforms=('tpu',)).as_text()[:40])
