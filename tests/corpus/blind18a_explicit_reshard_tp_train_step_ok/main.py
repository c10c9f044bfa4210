import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P, reshard


def forward(params, x):
  h = jnp.einsum('bd,df->bf', x, params['w1'], out_sharding=P('data', 'model'))
  h = jax.nn.relu(h)
  out = jnp.einsum('bf,fd->bd', h, params['w2'], out_sharding=P('data', None))
  return reshard(out, P('data', None))


def loss_fn(params, x, y):
  return jnp.mean((forward(params, x) - y) ** 2)


mesh = jax.make_mesh((2, 2), ('data', 'model'))
param_specs = {'w1': P(None, 'model'), 'w2': P('model', None)}

with jax.set_mesh(mesh):
  params = {
      'w1': jax.device_put(jnp.ones((64, 256)), param_specs['w1']),
      'w2': jax.device_put(jnp.ones((256, 64)), param_specs['w2']),
  }
  x = jax.device_put(jnp.ones((8, 64)), P('data', None))
  y = jax.device_put(jnp.ones((8, 64)), P('data', None))

  @jax.jit
  def train_step(params, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    new = jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)
    new = {k: reshard(v, param_specs[k]) for k, v in new.items()}
    return new, loss

  train_step.trace(params, x, y).lower(lowering_platforms=('cuda',))
