import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P, reshard

mesh = jax.make_mesh((2, 2), ('data', 'model'))


def layer(x, w):
  h = jnp.dot(x, w)
  return reshard(h, P(None, 'model'))


with jax.set_mesh(mesh):
  x = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P('data', None)))
  w = jax.device_put(jnp.ones((16, 32)), NamedSharding(mesh, P(None, 'model')))
  print(jax.jit(layer).trace(x, w).lower(lowering_platforms=('cuda',)).as_text()[:60])
