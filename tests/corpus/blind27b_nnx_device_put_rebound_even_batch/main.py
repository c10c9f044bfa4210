import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('x', 'y'))

model = nnx.Linear(4, 4, rngs=nnx.Rngs(0))

x = jnp.arange(8 * 4.).reshape(8, 4)
x = jax.device_put(x, NamedSharding(mesh, P('x', 'y')))
jax.debug.visualize_array_sharding(x)
x = jax.device_put(x, NamedSharding(mesh, P(('x', 'y'))))
jax.debug.visualize_array_sharding(x)

f = nnx.jit(lambda m, x: jnp.sin(m(x)))
print(f.trace(model, x).lower(lowering_platforms=('cuda',)).as_text()[:20])

# a ragged batch of 6: pad to 8 so it splits over the 4 devices
x = jnp.ones((6, 4))
x = jnp.pad(x, ((0, 2), (0, 0)))
x = jax.device_put(x, NamedSharding(mesh, P(('x', 'y'))))
print(f.trace(model, x).lower(lowering_platforms=('cuda',)).as_text()[:20])
