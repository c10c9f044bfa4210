from functools import partial

import jax
import jax.numpy as jnp
from jax.ad_checkpoint import checkpoint_name
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('fsdp',), axis_types=(jax.sharding.AxisType.Explicit,))
policy = jax.checkpoint_policies.save_only_these_names('ag_out')


@partial(jax.checkpoint, policy=policy)
def layer(x, w_shard):
  w = checkpoint_name(jax.lax.all_gather(w_shard, 'fsdp', axis=0, tiled=True), 'ag_out')
  return jnp.tanh(x @ w), None


def loss(ws, x):
  x, _ = jax.lax.scan(layer, x, ws)
  return jax.lax.pmean(jnp.mean(x ** 2), 'fsdp')


grad_fn = jax.jit(jax.shard_map(jax.grad(loss), mesh=mesh,
                                in_specs=(P(None, 'fsdp'), P('fsdp')), out_specs=P(None, 'fsdp')))
ws = jax.device_put(jnp.ones((6, 32, 32)), jax.NamedSharding(mesh, P(None, 'fsdp')))
x = jax.device_put(jnp.ones((16, 32)), jax.NamedSharding(mesh, P('fsdp')))
grad_fn.trace(ws, x).lower(lowering_platforms=('cuda',))
print('ok')
