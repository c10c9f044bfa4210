import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from mylib.train import loss_dp

mesh = jax.make_mesh((4,), ('batch',))


def setup():
  with jax.set_mesh(mesh):
    w = jax.device_put(jnp.zeros((16, 4)), NamedSharding(mesh, P()))
    x = jax.device_put(jnp.ones((32, 16)), NamedSharding(mesh, P('batch')))
  return w, x


w, x = setup()
loss_dp.trace(w, x).lower(lowering_platforms=('cuda',))
