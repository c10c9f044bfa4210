import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh

from model import RowParallelLinear

n = jax.local_device_count()
mesh = Mesh(jax.devices(), ('x',))

layer = RowParallelLinear(128 * n, 128, mesh, rngs=nnx.Rngs(0))
x = jnp.ones((8, 128 * n), jnp.float32)


@nnx.jit
def forward(layer, x):
  return layer(x)


print(forward.trace(layer, x).lower(lowering_platforms=('tpu',)).as_text()[:40])
