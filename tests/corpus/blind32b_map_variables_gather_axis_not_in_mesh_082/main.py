from functools import partial

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import NamedSharding, PartitionSpec as P

from fsdp.sharded_modules import ShardedDense


class Head(nn.Module):
  @nn.compact
  def __call__(self, x):
    x = nn.relu(ShardedDense(128, name='hidden')(x))
    return ShardedDense(8, name='out')(x)


mesh = jax.make_mesh((4,), ('data',), axis_types=(jax.sharding.AxisType.Explicit,))
params = {'params': {
    'hidden': nn.Dense(128).init(jax.random.key(0), jnp.ones((1, 32)))['params'],
    'out': nn.Dense(8).init(jax.random.key(1), jnp.ones((1, 128)))['params'],
}}
specs = jax.tree.map(lambda _: P('data'), params)
params = jax.device_put(params, jax.tree.map(lambda s: NamedSharding(mesh, s), specs))
x = jax.device_put(jnp.ones((16, 32)), NamedSharding(mesh, P('data')))

forward = jax.jit(jax.shard_map(Head().apply, mesh=mesh, in_specs=(specs, P('data')),
                                out_specs=P('data')))
print(forward.trace(params, x).lower(lowering_platforms=('cuda',)).as_text()[:10])
