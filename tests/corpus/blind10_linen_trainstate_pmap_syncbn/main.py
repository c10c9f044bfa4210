import functools
from typing import Any

import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax.training import train_state


class TrainState(train_state.TrainState):
  batch_stats: Any


class CNN(nn.Module):
  num_classes: int = 10

  @nn.compact
  def __call__(self, x, train: bool):
    norm = functools.partial(nn.BatchNorm, use_running_average=not train, momentum=0.9,
                             axis_name='batch')
    x = nn.Conv(16, (3, 3))(x)
    x = nn.relu(norm()(x))
    x = nn.Conv(32, (3, 3), strides=(2, 2))(x)
    x = nn.relu(norm()(x))
    x = jnp.mean(x, axis=(1, 2))
    return nn.Dense(self.num_classes)(x)


def train_step(state, batch):
  def loss_fn(params):
    logits, new_model_state = state.apply_fn(
        {'params': params, 'batch_stats': state.batch_stats}, batch['image'], train=True,
        mutable=['batch_stats'])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, batch['label']).mean()
    return loss, new_model_state

  (loss, new_model_state), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
  grads = jax.lax.pmean(grads, axis_name='batch')
  state = state.apply_gradients(grads=grads, batch_stats=new_model_state['batch_stats'])
  return state, jax.lax.pmean(loss, 'batch')


def main():
  model = CNN()
  variables = model.init(jax.random.key(0), jnp.ones((1, 16, 16, 3)), train=False)
  state = TrainState.create(apply_fn=model.apply, params=variables['params'],
                            batch_stats=variables['batch_stats'], tx=optax.sgd(0.1, 0.9))
  n = jax.local_device_count()
  state = jax.tree.map(lambda a: jnp.broadcast_to(jnp.asarray(a), (n,) + jnp.shape(a)), state)
  batch = {'image': jnp.ones((n, 4, 16, 16, 3)), 'label': jnp.zeros((n, 4), jnp.int32)}
  p_train_step = jax.pmap(train_step, axis_name='batch', donate_argnums=(0,))
  jax.jit(p_train_step).trace(state, batch).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
