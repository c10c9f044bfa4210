from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

N = 4
mesh = Mesh(np.array(jax.devices()).reshape(N), ('model',))


class TPMLP(nn.Module):
  hidden: int
  axis_name: str = 'model'

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(self.hidden // N, name='col')(x)          # column-parallel
    y = nn.Dense(x.shape[-1], use_bias=False, name='row')(nn.gelu(h))
    y = jax.lax.psum(y, self.axis_name)                     # row-parallel reduce
    return x + y


model = TPMLP(hidden=64)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P()), out_specs=P('model'))
def init_local(key, x):
  key = jax.random.fold_in(key, jax.lax.axis_index('model'))
  params = model.init(key, x)
  return jax.tree.map(lambda a: a[None], params)   # stack per-device slices


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P('model'), P()), out_specs=P())
def forward(stacked, x):
  params = jax.tree.map(lambda a: a[0], stacked)
  return model.apply(params, x)


x = jnp.ones((8, 16))
key = jax.random.key(0)
params = jax.eval_shape(init_local, key, x)
init_local.trace(key, x).lower(lowering_platforms=('cuda',))
print(forward.trace(params, x).lower(lowering_platforms=('cuda',)) is not None)
