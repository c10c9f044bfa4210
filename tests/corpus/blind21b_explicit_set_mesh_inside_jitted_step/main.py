import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

MESH = jax.make_mesh((4,), ('data',), axis_types=(AxisType.Explicit,))


def loss(w, x):
  return jnp.mean((x @ w) ** 2)


@jax.jit
def train_step(w, x):
  with jax.set_mesh(MESH):
    x = jax.sharding.reshard(x, P('data', None))
    g = jax.grad(loss)(w, x)
  return w - 0.1 * g


train_step.trace(jnp.ones((8, 2)), jnp.ones((16, 8))).lower(lowering_platforms=('cuda',))
