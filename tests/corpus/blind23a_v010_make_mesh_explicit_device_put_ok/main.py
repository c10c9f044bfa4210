from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('data',))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('data')), out_specs=P())
def loss(w, batch):
  per_example = jnp.sum((batch @ w) ** 2, axis=-1)
  return lax.pmean(jnp.mean(per_example), 'data')


w = jnp.ones((16, 4))
batch = jax.device_put(jnp.ones((32, 16)), NamedSharding(mesh, P('data')))
print(loss.trace(w, batch).lower(lowering_platforms=('cuda',)).as_text()[:60])
