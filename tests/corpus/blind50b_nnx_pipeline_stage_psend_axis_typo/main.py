import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from pipeline import PipelineStage

NUM_STAGES = 4
DIM = 32

mesh = Mesh(jax.devices()[:NUM_STAGES], ('stage',))


@nnx.vmap(in_axes=0, out_axes=0)
def make_stages(rngs):
  return PipelineStage(DIM, NUM_STAGES, rngs=rngs)


@nnx.shard_map(mesh=mesh, in_specs=(P('stage'), P('stage')),
               out_specs=P('stage'))
def run(stages, mb):
  graphdef, state = nnx.split(stages)
  stage = nnx.merge(graphdef, jax.tree.map(lambda a: a[0], state))
  return stage(mb)


pipeline_step = nnx.jit(run)

stages = make_stages(nnx.Rngs(0).split(NUM_STAGES))
microbatches = jnp.ones((NUM_STAGES * 2, DIM))
print(pipeline_step.trace(stages, microbatches).lower(
    lowering_platforms=('cuda',)).as_text()[:40])
