from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

NUM = 4
NEXT = [(i, i + 1) for i in range(NUM - 1)]


class MLPStage(nnx.Module):

  def __init__(self, d, rngs):
    self.a = nnx.Linear(d, 4 * d, rngs=rngs)
    self.b = nnx.Linear(4 * d, d, rngs=rngs)

  def __call__(self, x):
    return x + self.b(nnx.silu(self.a(x)))


@nnx.remat
def stage_then_hop(stage, x):
  y = stage(x)
  token = lax.psend(y, 'stage', NEXT)
  return lax.precv(token, jax.ShapeDtypeStruct(y.shape, y.dtype), 'stage', NEXT)


def make_forward(graphdef, mesh):
  @partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('stage')), out_specs=P('stage'),
           check_vma=False)
  def forward(state, x):
    stage = nnx.merge(graphdef, state)
    for _ in range(NUM - 1):
      x = stage_then_hop(stage, x)
    return stage(x)
  return jax.jit(forward)


mesh = Mesh(np.array(jax.devices()).reshape(NUM), ('stage',))
graphdef, state = nnx.split(MLPStage(32, nnx.Rngs(0)))
fwd = make_forward(graphdef, mesh)
fwd.trace(state, jnp.ones((8, 32))).lower(lowering_platforms=('cuda',))
