import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from model import Stack

mesh = jax.make_mesh((2, 2), ('dp', 'tp'))


@nnx.jit
def loss(model, x):
  return jnp.mean(model(x) ** 2)


model = Stack(4, 16, 64, nnx.Rngs(0))
x = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P('dp', None)))
print(loss.trace(model, x).lower(lowering_platforms=('cuda',)) is not None)
