from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P

from net.model import ShardedMLP

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
model = ShardedMLP(hidden_per_shard=64, out=4)
tx = optax.sgd(0.05)
param_spec = {'wi': {'kernel': P(None, 'model'), 'bias': P('model')},
              'wo': {'kernel': P('model', None)}}


@jax.jit
@partial(jax.shard_map, mesh=mesh,
         in_specs=(param_spec, P(), P('data'), P('data')),
         out_specs=(param_spec, P(), P()))
def train_step(params, opt_state, x, y):
  def loss_fn(p):
    pred = model.apply({'params': p}, x)
    local = optax.squared_error(pred, y).sum()
    return lax_sum(local) / (x.shape[0] * 2)
  loss, grads = jax.value_and_grad(loss_fn)(params)
  updates, opt_state = tx.update(grads, opt_state)
  return optax.apply_updates(params, updates), opt_state, loss


def lax_sum(v):
  return jax.lax.psum(v, ('data', 'model'))


params = {'wi': {'kernel': jnp.ones((8, 128)), 'bias': jnp.zeros((128,))},
          'wo': {'kernel': jnp.ones((128, 4))}}
opt_state = tx.init(params)
x, y = jnp.ones((16, 8)), jnp.zeros((16, 4))
train_step.trace(params, opt_state, x, y).lower(lowering_platforms=('cuda',))
print('lowered')
