from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto,) * 2)
hidden_sharding = NamedSharding(mesh, P(None, 'model'))


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('data')), out_specs=P('data'),
         axis_names={'data'})
def normalized_mlp(w, x):
  mu = lax.all_gather(jnp.mean(x, axis=0), 'data').mean(axis=0)
  h = (x - mu) @ w
  h = lax.with_sharding_constraint(h, hidden_sharding)
  return jax.nn.relu(h)


w = jax.device_put(jnp.ones((32, 128)), hidden_sharding)
x = jax.device_put(jnp.ones((16, 32)), NamedSharding(mesh, P('data')))
jax.jit(normalized_mlp).trace(w, x).lower(lowering_platforms=('cuda',))
