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
    return nn.LayerNorm()(x + y)


model = TPMLP(hidden=64)
x = jnp.ones((8, 16))
params = model.init(jax.random.key(0), x)
param_specs = jax.tree.map(lambda _: P(), params)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(param_specs, P()), out_specs=P())
def forward(params, x):
  return model.apply(params, x)


print(forward.trace(params, x).lower(lowering_platforms=('cuda',)).as_text().count('all-reduce') >= 0)
