from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P
import flax.linen as nn

from spatial.model import SpatialConvBlock

mesh = jax.make_mesh((2, 2), ('data', 'space'), axis_types=(jax.sharding.AxisType.Auto,) * 2)
block = SpatialConvBlock(features=32)

conv_params = nn.Conv(32, (3, 3), padding=((0, 0), (1, 1))).init(
    jax.random.PRNGKey(0), jnp.ones((1, 6, 16, 8)))['params']
gn_params = nn.GroupNorm(num_groups=4).init(jax.random.PRNGKey(1), jnp.ones((1, 4, 16, 32)))['params']
params = {'params': {'Conv_0': conv_params, 'GroupNorm_0': gn_params}}


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('data', 'space')),
         out_specs=P('data', 'space'))
def forward(params, images):
  return block.apply(params, images)


images = jnp.ones((4, 32, 16, 8))
print(forward.trace(params, images).lower(lowering_platforms=('cuda',)).as_text()[:10])
