import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from blocks import FeedForward

mesh = jax.make_mesh((2, 2), ('data', 'model'))
jax.set_mesh(mesh)

ffn = FeedForward(64, 256, rngs=nnx.Rngs(params=0))
x = jax.device_put(jnp.ones((8, 16, 64)), P('data', None, None))


@nnx.jit
def block(ffn, x):
  return x + ffn(x)


print(block.trace(ffn, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
