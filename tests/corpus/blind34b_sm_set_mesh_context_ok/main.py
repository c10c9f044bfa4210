import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('x',))


@jax.jit
def global_max(x):
  f = jax.shard_map(lambda b: jax.lax.pmax(b.max(keepdims=True), 'x'),
                    in_specs=P('x'), out_specs=P())
  return f(x)


with jax.set_mesh(mesh):
  x = jax.device_put(jnp.arange(16.0), P('x'))
  print(global_max.trace(x).lower(lowering_platforms=('cuda',)).as_text()[:40])
