from typing import Any

import jax
import jax.numpy as jnp
import optax
from flax import jax_utils
from flax.training import train_state

from model import SmallResNet


class TrainState(train_state.TrainState):
  batch_stats: Any


def train_step(state, images, labels):
  def loss_fn(params):
    logits, updates = state.apply_fn({'params': params, 'batch_stats': state.batch_stats},
                                     images, train=True, mutable=['batch_stats'])
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean(), updates

  (loss, updates), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
  grads = jax.lax.pmean(grads, 'batch')
  state = state.apply_gradients(grads=grads, batch_stats=updates['batch_stats'])
  return state, jax.lax.pmean(loss, 'batch')


def recompute_bn_stats(state, images):
  """Precise BN: re-estimate running statistics with the final weights."""
  _, updates = state.apply_fn({'params': state.params, 'batch_stats': state.batch_stats},
                              images, train=True, mutable=['batch_stats'])
  return state.replace(batch_stats=updates['batch_stats'])


p_train_step = jax.pmap(train_step, axis_name='batch', donate_argnums=(0,))
p_precise_bn = jax.pmap(recompute_bn_stats)


def main():
  model = SmallResNet()
  variables = model.init(jax.random.key(0), jnp.ones((1, 32, 32, 3)), train=False)
  state = TrainState.create(apply_fn=model.apply, params=variables['params'],
                            batch_stats=variables['batch_stats'], tx=optax.sgd(0.1, 0.9))
  state = jax_utils.replicate(state)
  n = jax.local_device_count()
  images = jnp.ones((n, 16, 32, 32, 3))
  labels = jnp.zeros((n, 16), jnp.int32)
  jax.jit(p_train_step).trace(state, images, labels).lower(lowering_platforms=('tpu',))
  jax.jit(p_precise_bn).trace(state, images).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
