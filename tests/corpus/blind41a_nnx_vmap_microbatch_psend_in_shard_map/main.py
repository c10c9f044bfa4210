import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()[:2]), ('stage',))
FWD = [(0, 1)]


class Stage(nnx.Module):
  def __init__(self, rngs):
    self.lin = nnx.Linear(8, 8, rngs=rngs)

  def __call__(self, mb):
    h = nnx.relu(self.lin(mb))
    tok = jax.lax.psend(h, 'stage', FWD)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), 'stage', FWD)


stage = Stage(nnx.Rngs(0))
graphdef, state = nnx.split(stage)


def run_stage(state, microbatches):
  stage = nnx.merge(graphdef, state)
  return nnx.vmap(lambda s, mb: s(mb), in_axes=(None, 0))(stage, microbatches)


run = jax.jit(jax.shard_map(run_stage, mesh=mesh, in_specs=(P(), P()), out_specs=P()))
run.trace(state, jnp.ones((6, 4, 8))).lower(lowering_platforms=('cuda',))
print('ok')
