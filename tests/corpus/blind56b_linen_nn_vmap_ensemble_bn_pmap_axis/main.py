from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from models import Ensemble


class TrainState(train_state.TrainState):
  batch_stats: Any


def train_step(state, x, y):
  def loss_fn(params):
    logits, updates = state.apply_fn(
        {'params': params, 'batch_stats': state.batch_stats}, x, True, mutable=['batch_stats'])
    labels = jnp.broadcast_to(y, logits.shape[:2])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    return loss, updates

  (loss, updates), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
  state = state.apply_gradients(grads=grads, batch_stats=updates['batch_stats'])
  return state, loss


mesh = Mesh(np.array(jax.devices()), ('data',))
model = Ensemble()
x = jnp.ones((64, 32))
y = jnp.zeros((64,), jnp.int32)
variables = model.init(jax.random.key(0), x, False)
state = TrainState.create(apply_fn=model.apply, params=variables['params'],
                          batch_stats=variables['batch_stats'], tx=optax.sgd(0.1))

data = NamedSharding(mesh, P('data'))
step = jax.jit(train_step, in_shardings=(None, data, data))
step.trace(state, x, y).lower(lowering_platforms=('tpu',))
