from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

from stage import PipelineStage

NUM_STAGES = 4
FEATURES = 16
mesh = Mesh(jax.devices()[:NUM_STAGES], ('stage',))
model = PipelineStage(features=FEATURES, stage_axis='stage', num_stages=NUM_STAGES)

x = jnp.ones((4, FEATURES))
keys = jax.random.split(jax.random.key(0), NUM_STAGES)
stacked = jax.vmap(model.init, in_axes=(0, None))(keys, x)


def pipeline_tick(stage_params, microbatch):
  stage_params = jax.tree.map(lambda a: a[0], stage_params)
  return model.apply(stage_params, microbatch, method=PipelineStage.step)


tick = jax.jit(jax.shard_map(pipeline_tick, mesh=mesh, in_specs=(P('stage'), P()),
                             out_specs=P('stage'), check_vma=False))
tick.trace(stacked, x).lower(lowering_platforms=("cuda",))
