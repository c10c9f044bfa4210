import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

import config


class StageHandOff(nn.Module):
  width: int

  @nn.compact
  def __call__(self, x):
    h = nn.gelu(nn.Dense(self.width)(x))
    perm = [(s, s + 1) for s in range(config.NUM_STAGES - 1)]
    token = jax.lax.psend(h, config.PIPELINE_AXIS, perm)
    return jax.lax.precv(token, jax.ShapeDtypeStruct(h.shape, h.dtype), config.PIPELINE_AXIS, perm)


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), config.MESH_AXES)
model = StageHandOff(width=32)
x = jnp.ones((8, 32))
params = {'params': {'Dense_0': {'kernel': jnp.zeros((32, 32)), 'bias': jnp.zeros((32,))}}}


def fwd(params, x):
  return model.apply(params, x)


sharded = jax.shard_map(fwd, mesh=mesh, in_specs=(P(), P('data')), out_specs=P('data'))
jax.jit(sharded).trace(params, x).lower(lowering_platforms=('cuda',))
print('ok')
