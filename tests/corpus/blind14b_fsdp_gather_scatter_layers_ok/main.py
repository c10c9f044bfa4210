import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('devices',))


@jax.checkpoint
def gather_weights(w):
  return jax.lax.all_gather(w, 'devices', axis=0, tiled=True)


def predict(params, x):
  def layer(x, p):
    w, b = p
    w = gather_weights(w)
    b = gather_weights(b)
    return jnp.tanh(x @ w + b), None

  x, _ = jax.lax.scan(layer, x, params)
  return x


def loss(params, x, y):
  err = jnp.sum((predict(params, x) - y) ** 2)
  return jax.lax.psum(err, 'devices') / (x.shape[0] * jax.lax.axis_size('devices'))


def train_step(params, x, y, lr=1e-2):
  l, g = jax.value_and_grad(loss)(params, x, y)
  params = jax.tree.map(lambda p, g: p - lr * g, params, g)
  return params, l


step = jax.jit(jax.shard_map(train_step, mesh=mesh,
                             in_specs=(P(None, 'devices'), P('devices'), P('devices')),
                             out_specs=(P(None, 'devices'), P())))

if __name__ == '__main__':
  L, D = 3, 64
  params = (jnp.zeros((L, D, D)), jnp.zeros((L, D)))
  params = jax.device_put(params, NamedSharding(mesh, P(None, 'devices')))
  x = jnp.ones((16, D))
  step.trace(params, x, x).lower(lowering_platforms=('tpu',))
