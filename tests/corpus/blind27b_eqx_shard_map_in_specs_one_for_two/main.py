from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(jax.devices(), ('x',))
lin = eqx.nn.Linear(8, 8, key=jax.random.key(0))
params, static = eqx.partition(lin, eqx.is_array)


@partial(jax.shard_map, mesh=mesh, in_specs=(P('x'),), out_specs=P('x'))
def apply_local(params, x):
  layer = eqx.combine(params, static)
  return jax.vmap(layer)(x)


x = jnp.ones((8, 8))
f = jax.jit(apply_local)
print(f.trace(params, x).lower(lowering_platforms=('cuda',)).as_text()[:30])
