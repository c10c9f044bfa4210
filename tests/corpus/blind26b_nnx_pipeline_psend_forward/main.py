import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from pipeline.stage import StageBlock

NUM_STAGES = 4
mesh = Mesh(np.array(jax.devices()), ('stage',))


@nnx.vmap(in_axes=0, out_axes=0)
def make_stages(rngs):
  return StageBlock(32, NUM_STAGES, rngs=rngs)


@nnx.jit
def infer(stages, microbatches):
  @nnx.shard_map(mesh=mesh, in_specs=(P('stage'), P()), out_specs=P('stage'))
  def run(stages, mb):
    stage = jax.tree.map(lambda a: a[0], stages)  # drop the local stage dim
    return stage(mb)[None]
  return run(stages, microbatches)[-1]


stages = make_stages(nnx.Rngs(0).fork(split=NUM_STAGES))
mb = jnp.ones((6, 8, 32))
print(infer.trace(stages, mb).lower(lowering_platforms=('cuda',)).as_text()[:30])
