import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('x',))
linear = eqx.nn.Linear(8, 8, key=jax.random.key(0))

with jax.set_mesh(mesh):
  x = jax.device_put(jnp.ones((16, 8)), NamedSharding(mesh, P('x')))
  f = jax.jit(lambda m, x: jax.vmap(m)(x))
  print(f.trace(linear, x).lower(lowering_platforms=('cuda',)).as_text()[:20])
