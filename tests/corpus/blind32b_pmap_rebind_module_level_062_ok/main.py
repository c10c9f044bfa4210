"""Module-level rebinding: train_step = jax.pmap(train_step, ...) (an old Flax-examples idiom)."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import jax_utils, linen as nn
from flax.training import train_state


class Classifier(nn.Module):
  @nn.compact
  def __call__(self, x, train=True):
    x = nn.Dense(128)(x)
    x = nn.BatchNorm(use_running_average=not train, axis_name='batch')(x)
    x = nn.Dropout(0.2, deterministic=not train)(nn.relu(x))
    return nn.Dense(10)(x)


class TrainState(train_state.TrainState):
  batch_stats: dict
  key: jax.Array


def train_step(state, x, y):
  key = jax.random.fold_in(state.key, state.step)
  key = jax.random.fold_in(key, jax.lax.axis_index('batch'))

  def loss_fn(params):
    logits, upd = state.apply_fn({'params': params, 'batch_stats': state.batch_stats}, x,
                                 rngs={'dropout': key}, mutable=['batch_stats'])
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean(), upd

  (loss, upd), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
  grads = jax.lax.pmean(grads, 'batch')
  return state.apply_gradients(grads=grads, batch_stats=upd['batch_stats']), loss


train_step = jax.pmap(train_step, axis_name='batch', donate_argnums=(0,))

model = Classifier()
v = model.init(jax.random.PRNGKey(0), jnp.ones((1, 64)), train=False)
state = jax_utils.replicate(TrainState.create(
    apply_fn=model.apply, params=v['params'], batch_stats=v['batch_stats'],
    key=jax.random.PRNGKey(1), tx=optax.adam(1e-3)))
n = jax.local_device_count()
x, y = np.ones((n, 8, 64), np.float32), np.zeros((n, 8), np.int32)
print(jax.jit(train_step).trace(state, x, y).lower(lowering_platforms=('cuda',)).as_text()[:10])
