import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

import mlp

mesh = jax.make_mesh((2, 2), ('data', 'model'),
                     axis_types=(AxisType.Explicit, AxisType.Explicit))
jax.set_mesh(mesh)

params = mlp.init_mlp(jax.random.key(0), 128, 512)
x = jax.device_put(jnp.ones((16, 128), jnp.float32), P('data', None))
y = jax.device_put(jnp.zeros((16, 128), jnp.float32), P('data', None))


def loss_fn(params, x, y):
  return jnp.mean((mlp.mlp_block(params, x) - y) ** 2)


@jax.jit
def sgd_step(params, x, y):
  loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
  params = jax.tree.map(lambda p, g: p - 1e-2 * g, params, grads)
  return params, loss


print(sgd_step.trace(params, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
