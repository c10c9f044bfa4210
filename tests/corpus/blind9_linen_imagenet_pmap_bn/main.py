import functools
from typing import Any

import flax
import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax.training import common_utils, train_state
from jax import lax


class ResNetBlock(nn.Module):
  filters: int
  norm: Any

  @nn.compact
  def __call__(self, x):
    y = nn.Conv(self.filters, (3, 3), use_bias=False)(x)
    y = nn.relu(self.norm()(y))
    y = nn.Conv(self.filters, (3, 3), use_bias=False)(y)
    y = self.norm(scale_init=nn.initializers.zeros)(y)
    if x.shape[-1] != self.filters:
      x = nn.Conv(self.filters, (1, 1), use_bias=False)(x)
    return nn.relu(x + y)


class ResNet(nn.Module):
  num_classes: int = 10

  @nn.compact
  def __call__(self, x, train: bool = True):
    norm = functools.partial(nn.BatchNorm, use_running_average=not train, momentum=0.9,
                             epsilon=1e-5, axis_name='batch')
    x = nn.Conv(16, (3, 3), use_bias=False)(x)
    x = ResNetBlock(16, norm)(x)
    x = ResNetBlock(32, norm)(x)
    return nn.Dense(self.num_classes)(jnp.mean(x, axis=(1, 2)))


class TrainState(train_state.TrainState):
  batch_stats: Any


def train_step(state, batch):
  def loss_fn(params):
    logits, new_model_state = state.apply_fn(
        {'params': params, 'batch_stats': state.batch_stats}, batch['image'],
        mutable=['batch_stats'])
    one_hot = common_utils.onehot(batch['label'], num_classes=10)
    loss = optax.softmax_cross_entropy(logits, one_hot).mean()
    return loss, new_model_state

  (loss, new_model_state), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
  grads = lax.pmean(grads, axis_name='batch')
  new_state = state.apply_gradients(grads=grads, batch_stats=new_model_state['batch_stats'])
  return new_state, {'loss': lax.pmean(loss, axis_name='batch')}


cross_replica_mean = jax.pmap(lambda x: lax.pmean(x, 'x'), 'x')


def sync_batch_stats(state):
  return state.replace(batch_stats=cross_replica_mean(state.batch_stats))


if __name__ == '__main__':
  n = jax.local_device_count()
  model = ResNet()
  variables = model.init(jax.random.key(0), jnp.ones((1, 16, 16, 3)), train=False)
  state = TrainState.create(apply_fn=model.apply, params=variables['params'],
                            tx=optax.sgd(0.1, momentum=0.9),
                            batch_stats=variables['batch_stats'])
  state = flax.jax_utils.replicate(state)
  batch = {'image': jnp.zeros((n, 4, 16, 16, 3)), 'label': jnp.zeros((n, 4), jnp.int32)}
  p_train_step = jax.pmap(train_step, axis_name='batch', donate_argnums=(0,))
  jax.jit(p_train_step).trace(state, batch).lower(lowering_platforms=('cuda',))
  jax.jit(sync_batch_stats).trace(state).lower(lowering_platforms=('cuda',))
