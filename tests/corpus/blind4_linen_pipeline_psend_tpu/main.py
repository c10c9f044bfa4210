from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from pipeline import StageMLP, gpipe_forward

NUM_STAGES, NUM_MICRO, MICRO_BATCH, D_MODEL = 4, 4, 2, 16

mesh = Mesh(jax.devices()[:NUM_STAGES], ('stage',))
stage = StageMLP(d_model=D_MODEL, layers_per_stage=2)

# One set of stage parameters per stage, stacked along a leading axis.
keys = jax.random.split(jax.random.key(0), NUM_STAGES)
sample = jnp.zeros((MICRO_BATCH, D_MODEL))
stacked = jax.vmap(lambda k: stage.init(k, sample))(keys)
stacked = jax.device_put(stacked, NamedSharding(mesh, P('stage')))


def run_stage(params, x):
  params = jax.tree.map(lambda p: p[0], params)   # drop the local stage axis
  return stage.apply(params, x)


@jax.jit
def pipelined_apply(stacked, microbatches):
  fn = jax.shard_map(
      partial(gpipe_forward, run_stage, axis_name='stage', num_stages=NUM_STAGES),
      mesh=mesh, in_specs=(P('stage'), P()), out_specs=P('stage'))
  outs = fn(stacked, microbatches)
  return outs.reshape(NUM_STAGES, NUM_MICRO, MICRO_BATCH, D_MODEL)[-1]


micro = jnp.ones((NUM_MICRO, MICRO_BATCH, D_MODEL))
pipelined_apply.trace(stacked, micro).lower(lowering_platforms=('tpu',))
