import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('x',))


def local_sum(x):
  return jax.lax.psum(x.sum(), 'x')


f = jax.jit(jax.shard_map(local_sum, in_specs=P('x'), out_specs=P()))
with jax.set_mesh(mesh):
  f.trace(jnp.arange(16.)).lower(lowering_platforms=('cuda',))
print('ok')
