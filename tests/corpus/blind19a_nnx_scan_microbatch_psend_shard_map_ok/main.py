import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

PERM = [(0, 1), (1, 2), (2, 3)]


class Stage(nnx.Module):
  def __init__(self, d, rngs):
    self.lin = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, x):
    return nnx.gelu(self.lin(x))


mesh = Mesh(np.array(jax.devices()), ('stage',))
stage = Stage(32, nnx.Rngs(0))
graphdef, state = nnx.split(stage)


def per_stage(state, mbs):
  stage = nnx.merge(graphdef, state)

  @nnx.scan(in_axes=(None, 0), out_axes=0)
  def run(stage, mb):
    y = stage(mb)
    tok = lax.psend(y, 'stage', PERM)
    return lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), 'stage', PERM)

  return run(stage, mbs)


fwd = jax.jit(jax.shard_map(per_stage, mesh=mesh, in_specs=(P(), P()), out_specs=P('stage'),
                            check_vma=False))
fwd.trace(state, jnp.ones((6, 4, 32))).lower(lowering_platforms=('cuda',))
