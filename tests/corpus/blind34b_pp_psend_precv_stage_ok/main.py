from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

NUM_STAGES = 4
mesh = jax.make_mesh((NUM_STAGES,), ('stage',), axis_types=(jax.sharding.AxisType.Auto,))
FWD = [(i, i + 1) for i in range(NUM_STAGES - 1)]


def stage_fn(w, x):
  return jnp.tanh(x @ w)


@partial(jax.shard_map, mesh=mesh, in_specs=(P('stage'), P()), out_specs=P('stage'))
def pipeline_step(w, x):
  y = stage_fn(w[0], x)
  tok = jax.lax.psend(y, 'stage', FWD)
  received = jax.lax.precv(tok, y, 'stage', FWD)
  return received[None]


w = jnp.ones((NUM_STAGES, 32, 32))
x = jnp.ones((8, 32))
print(jax.jit(pipeline_step).trace(w, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
