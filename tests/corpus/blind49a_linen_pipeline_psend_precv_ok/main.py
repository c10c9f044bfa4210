from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

from pipeline import RematStage, STAGE, hand_off

NUM_STAGES = 4
mesh = Mesh(jax.devices()[:NUM_STAGES], (STAGE,))
stage = RematStage(features=32)

x = jnp.ones((8, 32))
one_stage = jax.eval_shape(stage.init, jax.random.key(0), x)
# stack one parameter set per pipeline stage
stacked = jax.tree.map(
    lambda s: jax.ShapeDtypeStruct((NUM_STAGES,) + s.shape, s.dtype), one_stage)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(STAGE), P()), out_specs=P(STAGE))
def pipeline_forward(params, x):
  params = jax.tree.map(lambda p: p[0], params)
  h = x
  for _ in range(NUM_STAGES - 1):
    h = stage.apply(params, h)
    h = hand_off(h, NUM_STAGES)
  return stage.apply(params, h)[None]


print(pipeline_forward.trace(stacked, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
