from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('data',), axis_types=(jax.sharding.AxisType.Explicit,))


@partial(jax.checkpoint, policy=jax.checkpoint_policies.dots_with_no_batch_dims_saveable)
def layer(w_shard, x):
  w = jax.lax.all_gather(w_shard, 'data', tiled=True)
  return jnp.tanh(x @ w)


def loss(params, x):
  for w in params:
    x = layer(w, x)
  return jax.lax.pmean(jnp.mean(x ** 2), 'data')


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P('data'), P('data')), out_specs=P('data'))
def grads(params, x):
  return jax.grad(loss)(params, x)


params = [jax.device_put(jnp.ones((16, 16)), jax.NamedSharding(mesh, P('data'))) for _ in range(3)]
x = jax.device_put(jnp.ones((8, 16)), jax.NamedSharding(mesh, P('data')))
grads.trace(params, x).lower(lowering_platforms=('cuda',))
print('ok')
