import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def mlp(params, x):
  h = jax.nn.relu(x @ params['w1'])
  h = jax.lax.with_sharding_constraint(h, P('data', 'model'))
  return h @ params['w2']


@jax.jit
def sgd_step(params, x, y):
  loss, g = jax.value_and_grad(lambda p: jnp.mean((mlp(p, x) - y) ** 2))(params)
  return jax.tree.map(lambda p, g: p - 0.05 * g, params, g), loss


mesh = jax.make_mesh((2, 2), ('data', 'model'))
with jax.sharding.use_mesh(mesh):
  params = {
      'w1': jax.device_put(jnp.ones((32, 128)), NamedSharding(mesh, P(None, 'model'))),
      'w2': jax.device_put(jnp.ones((128, 4)), NamedSharding(mesh, P('model', None))),
  }
  x = jax.device_put(jnp.ones((16, 32)), NamedSharding(mesh, P('data')))
  y = jax.device_put(jnp.ones((16, 4)), NamedSharding(mesh, P('data')))
  sgd_step.trace(params, x, y).lower(lowering_platforms=('cuda',))
