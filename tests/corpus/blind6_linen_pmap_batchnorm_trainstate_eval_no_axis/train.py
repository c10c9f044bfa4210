import functools
from typing import Any

import jax
import jax.numpy as jnp
import optax
from flax import jax_utils
from flax.training import train_state

from models import TinyResNet


class TrainState(train_state.TrainState):
  batch_stats: Any


def create_train_state(rng, model, image_shape):
  variables = jax.jit(functools.partial(model.init, train=False))(rng, jnp.ones(image_shape))
  return TrainState.create(apply_fn=model.apply, params=variables['params'],
                           batch_stats=variables['batch_stats'], tx=optax.sgd(0.1, 0.9))


def train_step(state, batch):
  def loss_fn(params):
    logits, new_model_state = state.apply_fn(
        {'params': params, 'batch_stats': state.batch_stats}, batch['image'],
        mutable=['batch_stats'])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, batch['label']).mean()
    return loss, (new_model_state, logits)

  grad_fn = jax.value_and_grad(loss_fn, has_aux=True)
  (loss, (new_model_state, _)), grads = grad_fn(state.params)
  grads = jax.lax.pmean(grads, axis_name='batch')
  new_state = state.apply_gradients(grads=grads, batch_stats=new_model_state['batch_stats'])
  return new_state, jax.lax.pmean(loss, 'batch')


def eval_step(state, batch):
  variables = {'params': state.params, 'batch_stats': state.batch_stats}
  logits = state.apply_fn(variables, batch['image'], train=False, mutable=False)
  return jax.lax.pmean(jnp.mean(jnp.argmax(logits, -1) == batch['label']), axis_name='batch')


def main():
  model = TinyResNet()
  state = create_train_state(jax.random.key(0), model, (1, 8, 8, 3))
  state = jax_utils.replicate(state)
  n = jax.local_device_count()
  batch = {'image': jnp.ones((n, 2, 8, 8, 3)), 'label': jnp.zeros((n, 2), jnp.int32)}
  p_train_step = jax.pmap(train_step, axis_name='batch', donate_argnums=(0,))
  p_eval_step = jax.pmap(eval_step)  # eval: no gradient sync needed
  jax.jit(p_train_step).trace(state, batch).lower(lowering_platforms=('cuda',))
  jax.jit(p_eval_step).trace(state, batch).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
