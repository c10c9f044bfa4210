import functools

import jax
import jax.numpy as jnp
import optax
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

from metrics import compute_metrics
from net import DATA_AXIS, ScannedMLP

mesh = Mesh(jax.devices(), (DATA_AXIS,))
model = ScannedMLP()
tx = optax.adam(1e-3)

x0 = jnp.ones((1, 32), jnp.float32)
variables = jax.jit(functools.partial(model.init, train=False))(jax.random.key(0), x0)
params, batch_stats = variables['params'], variables['batch_stats']
opt_state = tx.init(params)


@functools.partial(jax.shard_map, mesh=mesh,
                   in_specs=(P(), P(), P(), P(DATA_AXIS), P(DATA_AXIS)),
                   out_specs=(P(), P(), P(), P()))
def train_step(params, batch_stats, opt_state, x, y):
  def loss_fn(params):
    pred, updates = model.apply({'params': params, 'batch_stats': batch_stats}, x,
                                train=True, mutable=['batch_stats'])
    return jnp.mean((pred - y) ** 2), (updates, pred)

  (loss, (updates, pred)), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
  grads = lax.pmean(grads, DATA_AXIS)
  upd, opt_state = tx.update(grads, opt_state, params)
  params = optax.apply_updates(params, upd)
  return params, updates['batch_stats'], opt_state, compute_metrics(pred, y)


train_step = jax.jit(train_step)
x = jnp.ones((64, 32), jnp.float32)
y = jnp.ones((64, 1), jnp.float32)
print(train_step.trace(params, batch_stats, opt_state, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
