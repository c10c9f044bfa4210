import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('X', 'Y'))  # Explicit by default
jax.set_mesh(mesh)

model = nnx.Linear(8, 8, rngs=nnx.Rngs(0))


@nnx.jit
def forward(model, x):
  h = model(x)
  print('h:', jax.typeof(h))
  h = jax.sharding.reshard(h, P(None, 'Y'))
  print('h resharded:', jax.typeof(h))
  return h * 2


x = jax.device_put(jnp.ones((8, 8)), P('X', None))
print(forward.trace(model, x).lower(lowering_platforms=('cuda',)).as_text()[:20])
