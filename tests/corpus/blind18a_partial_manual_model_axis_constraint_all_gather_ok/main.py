from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto,) * 2)


@partial(jax.shard_map, in_specs=(P(), P('data')), out_specs=P('data'),
         axis_names={'data'})
def normalized_mlp(w, x):
  mu = lax.all_gather(jnp.mean(x, axis=0), 'data').mean(axis=0)
  h = (x - mu) @ w
  h = lax.with_sharding_constraint(h, P(None, 'model'))
  return jax.nn.relu(h)


with jax.set_mesh(mesh):
  w = jax.device_put(jnp.ones((32, 128)), NamedSharding(mesh, P(None, 'model')))
  x = jax.device_put(jnp.ones((16, 32)), NamedSharding(mesh, P('data')))
  jax.jit(normalized_mlp).trace(w, x).lower(lowering_platforms=('cuda',))
