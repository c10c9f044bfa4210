from functools import partial

import jax
import jax.numpy as jnp
from jax import lax as L
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('expert',), axis_types=(jax.sharding.AxisType.Explicit,))


def expert_ffn(w, tokens):
  return jax.nn.gelu(tokens @ w)


@partial(jax.shard_map, mesh=mesh, in_specs=(P('expert'), P('expert')), out_specs=P('expert'))
def moe(w, x):
  # x: [tokens_per_device, d] already grouped by destination expert
  routed = L.all_to_all(x, 'expert', split_axis=0, concat_axis=0, tiled=True)
  y = expert_ffn(w[0], routed)
  return L.all_to_all(y, 'expert', split_axis=0, concat_axis=0, tiled=True)


w = jax.device_put(jnp.ones((4, 16, 16)), jax.NamedSharding(mesh, P('expert')))
x = jax.device_put(jnp.ones((64, 16)), jax.NamedSharding(mesh, P('expert')))
jax.jit(moe).trace(w, x).lower(lowering_platforms=('cuda',))
print('ok')
