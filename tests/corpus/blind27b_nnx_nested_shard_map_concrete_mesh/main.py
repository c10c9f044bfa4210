from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(jax.sharding.AxisType.Explicit,) * 2)

mlp = nnx.Linear(8, 8, rngs=nnx.Rngs(0))
graphdef, state = nnx.split(mlp)


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('data')), out_specs=P('data'),
         axis_names={'data'})
def outer(state, x):
  y = nnx.merge(graphdef, state)(x)

  @partial(jax.shard_map, mesh=mesh, in_specs=P(None, 'model'), out_specs=P(None, 'model'),
           axis_names={'model'})
  def inner(h):
    return h * jax.lax.psum(jnp.sum(h), 'model')

  return inner(y)


x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P('data')))
print(jax.jit(outer).trace(state, x).lower(lowering_platforms=('cuda',)).as_text()[:20])
