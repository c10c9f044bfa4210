"""Naive pipeline: every device holds one stage; micro-batches stream through with
psend/precv to the next stage, one nnx.scan tick per micro-batch."""
import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

N_STAGES = len(jax.devices())
D = 64
FWD = [(i, i + 1) for i in range(N_STAGES - 1)]


class Stage(nnx.Module):

  def __init__(self, d, rngs):
    self.lin = nnx.Linear(d, d, rngs=rngs)
    self.norm = nnx.RMSNorm(d, rngs=rngs)

  def __call__(self, x):
    return x + nnx.relu(self.lin(self.norm(x)))


@nnx.split_rngs(splits=N_STAGES)
@nnx.vmap(in_axes=(0,), out_axes=0)
def create_stages(rngs):
  return Stage(D, rngs)


stages = create_stages(nnx.Rngs(0))
graphdef, state = nnx.split(stages)


def run_stage(state, microbatches):
  stage = nnx.merge(graphdef, jax.tree.map(lambda a: a[0], state))

  @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=(nnx.Carry, 0))
  def tick(stage, mb):
    y = stage(mb)
    tok = jax.lax.psend(y, 'stage', FWD)
    received = jax.lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), 'stage', FWD)
    return stage, received

  _, outs = tick(stage, microbatches)
  return outs


pipeline = jax.jit(jax.shard_map(run_stage, mesh=Mesh(np.array(jax.devices()), ('stage',)),
                                 in_specs=(P('stage'), P()), out_specs=P('stage')))

microbatches = jnp.ones((6, 8, D))
pipeline.trace(state, microbatches).lower(lowering_platforms=('cuda',))
print('pipeline lowered')
