from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from ring import ring_attention

mesh = Mesh(np.array(jax.devices()), ('sp',))


class RingSelfAttention(nn.Module):
  num_heads: int
  axis_name: str = 'sp'

  @nn.compact
  def __call__(self, x):
    d = x.shape[-1]
    qkv = nn.DenseGeneral((3, self.num_heads, d // self.num_heads), name='qkv')(x)
    q, k, v = qkv[:, :, 0], qkv[:, :, 1], qkv[:, :, 2]
    if self.is_initializing():
      out = nn.dot_product_attention(q, k, v)
    else:
      out = ring_attention(q, k, v, self.axis_name)
    return nn.DenseGeneral(d, axis=(-2, -1), name='out')(out)


model = RingSelfAttention(num_heads=4)
x = jnp.ones((2, 64, 32))
params = model.init(jax.random.key(0), x[:, :16])


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(None, 'sp')), out_specs=P(None, 'sp'))
def forward(params, x):
  return model.apply(params, x)


if __name__ == '__main__':
  forward.trace(params, x).lower(lowering_platforms=('cuda',))
