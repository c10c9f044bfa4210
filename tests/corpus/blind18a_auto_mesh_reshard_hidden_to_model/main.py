import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from mesh_utils import make_training_mesh

mesh = make_training_mesh(2, 2)


def layer(w1, w2, x):
  h = jax.nn.silu(x @ w1)
  h = jax.sharding.reshard(h, P('data', 'model'))
  return h @ w2


with jax.set_mesh(mesh):
  w1 = jax.device_put(jnp.ones((64, 128)), P(None, 'model'))
  w2 = jax.device_put(jnp.ones((128, 64)), P('model', None))
  x = jax.device_put(jnp.ones((8, 64)), P('data'))
  jax.jit(layer).trace(w1, w2, x).lower(lowering_platforms=('cuda',))
