from typing import Any

import jax
import jax.numpy as jnp
import optax
from flax import jax_utils
from flax.training import train_state
from jax import lax

import models


class TrainState(train_state.TrainState):
  batch_stats: Any


def train_step(state, batch):
  def loss_fn(params):
    logits, new_model_state = state.apply_fn(
        {'params': params, 'batch_stats': state.batch_stats}, batch['image'],
        mutable=['batch_stats'])
    one_hot = jax.nn.one_hot(batch['label'], 10)
    loss = optax.softmax_cross_entropy(logits, one_hot).mean()
    return loss, (new_model_state, logits)

  (loss, (new_model_state, logits)), grads = jax.value_and_grad(loss_fn, has_aux=True)(
      state.params)
  grads = lax.pmean(grads, axis_name='batch')
  metrics = {'loss': loss, 'accuracy': jnp.mean(jnp.argmax(logits, -1) == batch['label'])}
  metrics = lax.pmean(metrics, axis_name='batch')
  new_state = state.apply_gradients(grads=grads, batch_stats=new_model_state['batch_stats'])
  return new_state, metrics


def create_train_state(rng, model, image_size):
  variables = model.init(rng, jnp.ones((1, image_size, image_size, 3)), train=False)
  tx = optax.sgd(optax.cosine_decay_schedule(0.1, 1000), momentum=0.9, nesterov=True)
  return TrainState.create(apply_fn=model.apply, params=variables['params'],
                           batch_stats=variables['batch_stats'], tx=tx)


def main():
  model = models.ResNet10(num_classes=10)
  state = create_train_state(jax.random.key(0), model, 32)
  state = jax_utils.replicate(state)
  n = jax.local_device_count()
  batch = {'image': jnp.ones((n, 8, 32, 32, 3)), 'label': jnp.zeros((n, 8), jnp.int32)}
  p_train_step = jax.pmap(train_step, axis_name='batch')
  jax.jit(p_train_step).trace(state, batch).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
