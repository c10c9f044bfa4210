from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

N_STAGES = 4


class StageMLP(nn.Module):
  d: int

  @nn.compact
  def __call__(self, x):
    return x + nn.Dense(self.d)(nn.gelu(nn.Dense(4 * self.d)(nn.LayerNorm()(x))))


class PipelinedStage(nn.Module):
  d: int
  axis: str = 'stage'

  @nn.compact
  def __call__(self, x):
    y = StageMLP(self.d)(x)
    fwd = [(i, i + 1) for i in range(N_STAGES - 1)]
    tok = lax.psend(y, self.axis, fwd)
    return lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), self.axis, fwd)


mesh = Mesh(np.array(jax.devices()), ('stage',))
stage = PipelinedStage(64)
local_x = jnp.ones((8, 64))
params = jax.eval_shape(lambda: StageMLP(64).init(jax.random.key(0), local_x))
params = {'params': {'StageMLP_0': params['params']}}


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('stage')), out_specs=P('stage'),
         check_vma=False)
def pipeline_tick(params, x):
  return stage.apply(params, x)


pipeline_tick.trace(params, jnp.ones((N_STAGES * 8, 64))).lower(lowering_platforms=('tpu',))
