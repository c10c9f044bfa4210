import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from pipe.stage import STAGE_AXIS, StageMLP

NUM_STAGES = 4
mesh = Mesh(np.array(jax.devices()[:NUM_STAGES]), (STAGE_AXIS,))
stage = StageMLP(hidden=128, num_stages=NUM_STAGES)

# Every stage owns its own parameters: stack them on a leading stage dimension.
keys = jax.random.split(jax.random.PRNGKey(0), NUM_STAGES)
x0 = jnp.ones((8, 32))
stacked = jax.vmap(lambda k: stage.init(k, x0, send=False))(keys)


@functools.partial(
    jax.shard_map, mesh=mesh,
    in_specs=(P(STAGE_AXIS), P(STAGE_AXIS)), out_specs=P(STAGE_AXIS))
def pipeline_tick(params, acts):
  params = jax.tree.map(lambda p: p[0], params)
  return stage.apply(params, acts[0])[None]


acts = jnp.ones((NUM_STAGES, 8, 32))
lowered = jax.jit(pipeline_tick).trace(stacked, acts).lower(lowering_platforms=('cuda',))
print('stages', NUM_STAGES, 'ok', 'send' in lowered.as_text())
