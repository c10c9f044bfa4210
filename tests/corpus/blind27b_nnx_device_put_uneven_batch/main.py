import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('x',))
sharding = NamedSharding(mesh, P('x'))

model = nnx.Linear(3, 3, rngs=nnx.Rngs(0))

x = jnp.ones((8, 3))
x = jax.device_put(x, sharding)
jax.debug.visualize_array_sharding(x)


@nnx.jit
def f(model, x):
  return jnp.tanh(model(x))


print(f.trace(model, x).lower(lowering_platforms=('cuda',)).as_text()[:20])

# next cell: try a smaller batch
x = jnp.ones((6, 3))
x = jax.device_put(x, sharding)
print(f.trace(model, x).lower(lowering_platforms=('cuda',)).as_text()[:20])
