import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('x',))


def f(b):
  return jax.lax.psum(b.sum(), 'x')


set_mesh = getattr(jax, 'set_mesh', None) or jax.sharding.use_mesh
with set_mesh(mesh):
  g = jax.jit(jax.shard_map(f, in_specs=P('x'), out_specs=P()))
  print(g.trace(jnp.arange(8.0)).lower(lowering_platforms=('cuda',)).as_text()[:40])
