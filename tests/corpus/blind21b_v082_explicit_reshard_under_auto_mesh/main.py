import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def build_mesh():
  return jax.make_mesh((4,), ('data',))


@jax.jit
def normalize(x):
  x = jax.sharding.reshard(x, P('data', None))
  return x / jnp.linalg.norm(x, axis=-1, keepdims=True)


mesh = build_mesh()
with jax.set_mesh(mesh):
  x = jax.device_put(jnp.ones((16, 8)), NamedSharding(mesh, P()))
  normalize.trace(x).lower(lowering_platforms=('cuda',))
