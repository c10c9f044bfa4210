from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, AxisType

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto,) * 2)


@partial(jax.shard_map, mesh=mesh,
         in_specs=(P('data', None), P(None, 'model'), P('model', None)),
         out_specs=P('data', None))
def mlp_block(x, w1, w2):
  h = jax.nn.gelu(x @ w1)
  y = h @ w2
  return jax.lax.psum(y, 'data')      # reduced over the wrong axis


x = jnp.ones((8, 64)); w1 = jnp.ones((64, 256)); w2 = jnp.ones((256, 64))
print(jax.jit(mlp_block).trace(x, w1, w2).lower(lowering_platforms=('cuda',)).as_text()[:40])
