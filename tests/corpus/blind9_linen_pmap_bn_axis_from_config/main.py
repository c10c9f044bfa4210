from typing import Any

import flax
import jax
import jax.numpy as jnp
import optax
from flax.training import train_state

import configs
from models import CNN


class TrainState(train_state.TrainState):
  batch_stats: Any


def make_train_step(axis_name):
  def train_step(state, images, labels):
    def loss_fn(params):
      logits, updates = state.apply_fn(
          {'params': params, 'batch_stats': state.batch_stats}, images, mutable=['batch_stats'])
      loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
      return loss, updates

    (loss, updates), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
    grads = jax.lax.pmean(grads, axis_name)
    state = state.apply_gradients(grads=grads, batch_stats=updates['batch_stats'])
    return state, jax.lax.pmean(loss, axis_name)

  return jax.pmap(train_step, axis_name=axis_name)


def main():
  cfg = configs.get_config()
  model = CNN(num_classes=cfg.num_classes, bn_axis_name=cfg.bn_axis_name)
  variables = model.init(jax.random.key(0), jnp.ones((1, 28, 28, 1)), train=False)
  state = TrainState.create(apply_fn=model.apply, params=variables['params'],
                            batch_stats=variables['batch_stats'],
                            tx=optax.sgd(cfg.learning_rate, cfg.momentum))
  state = flax.jax_utils.replicate(state)
  n = jax.local_device_count()
  images = jnp.zeros((n, cfg.per_device_batch, 28, 28, 1))
  labels = jnp.zeros((n, cfg.per_device_batch), jnp.int32)
  p_step = make_train_step(cfg.pmap_axis_name)
  jax.jit(p_step).trace(state, images, labels).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
