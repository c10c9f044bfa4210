import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('data',))
repl = NamedSharding(mesh, P())
batch = NamedSharding(mesh, P('data'))


def train_step(params, x, y):
  def loss_fn(params):
    pred = x @ params['w'] + params['b']
    return jnp.mean((pred - y) ** 2)
  loss, grads = jax.value_and_grad(loss_fn)(params)
  params = jax.tree.map(lambda p, g: p - 0.01 * g, params, grads)
  return params, loss


step = jax.jit(train_step,
               in_shardings=(repl, batch, batch),
               out_shardings=(repl, batch))
params = {'w': jnp.zeros((8, 1)), 'b': jnp.zeros((1,))}
step.trace(params, jnp.ones((32, 8)), jnp.ones((32, 1))).lower(lowering_platforms=('cuda',))
