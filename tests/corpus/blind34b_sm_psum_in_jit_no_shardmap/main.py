import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('i',))
x = jax.device_put(jnp.arange(32.0).reshape(8, 4), NamedSharding(mesh, P('i')))


@jax.jit
def global_sum(x):
  # user expects jit + a sharded input to give named axes like pmap did
  partial_sum = x.sum(axis=0)
  return jax.lax.psum(partial_sum, 'i')


print(global_sum.trace(x).lower(lowering_platforms=('cuda',)).as_text()[:60])
